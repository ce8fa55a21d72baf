import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ExportFormat, Report, WalletStatement } from '../../shared/report-schemas';
import { istDate } from '../../shared/ist-date';

export const REPORT_PRESETS = ['today', 'yesterday', 'week', 'month', 'last30', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

const DAY = 86_400_000;

/** A preset as India-time calendar dates, both ends included. */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, now = Date.now()): { from: string; to: string } {
  const today = istDate(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: istDate(now - DAY), to: istDate(now - DAY) };
    case 'week':
      return { from: istDate(now - 6 * DAY), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last30':
      return { from: istDate(now - 29 * DAY), to: today };
  }
}

type Problem = IpcError;
export type ExportState =
  | { state: 'idle' }
  | { state: 'saving'; format: ExportFormat }
  | { state: 'saved'; path: string; rows: number }
  | { state: 'failed'; error: Problem };

export interface ReportState {
  preset: ReportPreset;
  from: string;
  to: string;
  report: Report | null;
  wallet: WalletStatement | null;
  loading: boolean;
  error: Problem | null;
  exporting: ExportState;
  choose(desk: DeskApi, preset: Exclude<ReportPreset, 'custom'>): void;
  setDates(desk: DeskApi, dates: { from?: string; to?: string }): void;
  load(desk: DeskApi): Promise<void>;
  exportAs(desk: DeskApi, format: ExportFormat): Promise<void>;
}

let generation = 0;

export const useReportStore = create<ReportState>((set, get) => ({
  preset: 'today',
  ...presetRange('today'),
  report: null,
  wallet: null,
  loading: false,
  error: null,
  exporting: { state: 'idle' },
  choose(desk, preset) {
    set({ preset, ...presetRange(preset) });
    void get().load(desk);
  },
  setDates(desk, dates) {
    set({ preset: 'custom', ...dates });
    void get().load(desk);
  },
  async load(desk) {
    const { from, to } = get();
    // An empty date field is still being typed: keep what is shown.
    if (!from || !to) return;
    const mine = ++generation;
    set({ loading: true });
    const [report, wallet] = await Promise.all([desk.report.summary({ from, to }), desk.report.wallet({ from, to })]);
    // A slower answer for older dates must not overwrite the newer choice.
    if (mine !== generation) return;
    if (!report.ok) set({ loading: false, error: report.error, report: null, wallet: null });
    else if (!wallet.ok) set({ loading: false, error: wallet.error, report: report.data, wallet: null });
    else set({ loading: false, error: null, report: report.data, wallet: wallet.data });
  },
  async exportAs(desk, format) {
    const { from, to, exporting } = get();
    if (exporting.state === 'saving') return;
    set({ exporting: { state: 'saving', format } });
    const r = await desk.report.export({ from, to, format });
    if (!r.ok) set({ exporting: { state: 'failed', error: r.error } });
    else if (r.data.path === null) set({ exporting: { state: 'idle' } });
    else set({ exporting: { state: 'saved', path: r.data.path, rows: r.data.rows } });
  },
}));
