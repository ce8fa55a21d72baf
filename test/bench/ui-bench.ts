import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startHarness } from '../../src/harness/start-harness';
import { launchChromium } from '../support/chromium';
import { ledgerFixture } from './ledger-fixture';
import { percentile, round } from './stats';
import { ROOT } from './spawn-script';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

/** Gzipped size of the JavaScript the renderer's index.html loads before anything else. */
function initialJsGzipKb(): number {
  const dir = join(ROOT, 'out/renderer');
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\.\/([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\.\/([^"]+)"/g)].map((m) => m[1]!);
  const bytes = [...scripts, ...preloads].reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file))).length, 0);
  return round(bytes / 1024, 1);
}

/**
 * ui_*: the renderer in Debian's Chromium through the harness. Time from navigation to a focused,
 * typeable number field; then, with a 1,000,000-row ledger, frame times while the history scrolls.
 */
export async function uiBench() {
  const dataDir = makeTempDir('bench-ui');
  mkdirSync(join(dataDir, 'demo'), { recursive: true });
  copyFileSync(ledgerFixture(), join(dataDir, 'demo', 'ledger.db'));
  const harness = await startHarness({ dataDir });
  const browser = await launchChromium();
  try {
    const loads: number[] = [];
    for (let i = 0; i < 7; i++) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      await page.goto(harness.url);
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { document: { activeElement: { id?: string } | null } }).document.activeElement?.id ===
          'recharge-number',
      );
      loads.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(harness.url);
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').first().waitFor();
    // Scroll the list 600 px a frame for 400 frames, recording each frame's duration.
    // Passed as text: the TypeScript runner wraps named functions in a helper the page lacks.
    const frames = (await page.evaluate(`new Promise((done) => {
      const el = document.querySelector('.history-scroller');
      const times = [];
      let last = 0;
      function step(t) {
        if (last) times.push(t - last);
        last = t;
        el.scrollTop += 600;
        if (times.length < 400) requestAnimationFrame(step);
        else done({ times, rowsLoaded: Math.round(el.scrollTop / 44) });
      }
      requestAnimationFrame(step);
    })`)) as { times: number[]; rowsLoaded: number };
    await page.close();
    return {
      ui_initial_js_gzip_kb: initialJsGzipKb(),
      ui_time_to_interactive_ms: round(percentile(loads, 50), 0),
      ui_time_to_interactive_p95_ms: round(percentile(loads, 95), 0),
      // Headless Chromium paints at 60 Hz: an interval of one vsync (16.7 ms) means the frame's
      // work fit in its slot; a dropped frame shows as an interval of 1.5 vsyncs or more.
      ui_scroll_frame_p95_ms_1m: round(percentile(frames.times, 95), 2),
      ui_scroll_dropped_frames_pct: round(
        (100 * frames.times.filter((t) => t > 1.5 * percentile(frames.times, 50)).length) / frames.times.length,
        1,
      ),
      ui_scroll_frame_max_ms_1m: round(Math.max(...frames.times), 2),
      ui_scroll_rows_passed: frames.rowsLoaded,
    };
  } finally {
    await browser.close();
    await harness.close();
    removeTempDir(dataDir);
  }
}
