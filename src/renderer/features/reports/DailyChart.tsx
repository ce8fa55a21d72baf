import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatInr, paise } from '../../../shared/money';
import type { Report } from '../../../shared/report-schemas';

const HEIGHT = 220;
const DAY_S = 86_400;
const HALF_DAY = DAY_S / 2;
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91].map((d) => d * DAY_S);
const dayMonth = (ts: number) => {
  const iso = new Date(ts * 1000).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
};

/**
 * Successful amount per day as bars, drawn by uPlot on a canvas (fast at a year of days). The
 * dates are India-time calendar days, placed at UTC midnight and labelled in UTC so none shifts.
 */
export default function DailyChart({ daily, label }: { daily: Report['daily']; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    const ys = daily.map((d) => d.successAmount / 100);
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 300),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // Half a day either side, so the first and last bars are whole.
        scales: {
          x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 100) * 1.1] },
        },
        axes: [
          // Ticks only on whole days, labelled day/month as Indian shops write dates.
          { stroke: '#5b6576', grid: { show: false }, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map(dayMonth) },
          {
            stroke: '#5b6576',
            size: 80,
            values: (_u, ticks) => ticks.map((v) => formatInr(paise(Math.round(v) * 100)).replace(/\.00$/, '')),
          },
        ],
        series: [
          {},
          { fill: '#0b6bcb', stroke: '#0b6bcb', width: 0, paths: uPlot.paths.bars?.({ size: [0.7, 40], gap: 1 }), points: { show: false } },
        ],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 300), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily]);
  return <div ref={box} className="report-chart" role="img" aria-label={label} />;
}
