import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startHarness } from '../../src/harness/start-harness';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { istDate } from '../../src/shared/ist-date';
import { launchChromium } from '../support/chromium';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

/** A demo ledger with `open` Pending recharges from the last hours, all due within ten minutes. */
function seedOpen(dataDir: string, open: number, now: number): void {
  mkdirSync(join(dataDir, 'demo'), { recursive: true });
  const ledger = Ledger.open(join(dataDir, 'demo', 'ledger.db'));
  const insert = ledgerDb(ledger).prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, next_check_at, message)
     VALUES (?, ?, 'JIO', 19900, 'Pending', ?, ?, ?, ?, 'Request accepted, status pending at operator')`,
  );
  ledgerDb(ledger).transaction(() => {
    for (let i = 0; i < open; i++) {
      const at = now - i * 1000;
      insert.run(`TRAY${String(i).padStart(12, '0')}`, `98${String(i).padStart(8, '0')}`, istDate(at), at, at, now + (i % 600) * 1000);
    }
  })();
  ledger.close();
}

// Runs in the page: long tasks and, for each key typed into the number box, the time from the
// key event to the next frame (what the shopkeeper sees). Text, because the TypeScript runner
// would wrap a function in a helper the page lacks.
const MEASURE = `new Promise((done) => {
  const longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: false });
  const input = document.getElementById('recharge-number');
  const latencies = [];
  input.addEventListener('keydown', (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - t0), 0));
  }, true);
  window.__trayBench = { longTasks, latencies, start: performance.now() };
  done(true);
})`;

async function measure(browser: Browser, open: number, seconds: number) {
  const dataDir = makeTempDir('bench-tray');
  seedOpen(dataDir, open, Date.now());
  const harness = await startHarness({ dataDir });
  try {
    // Harder than the defaults (3 in flight, 5/s): ten times the events reach the tray.
    await fetch(`${harness.url}/ipc/settings:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ poller: { maxInFlight: 10, ratePerSecond: 50 } }),
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const t0 = performance.now();
    await page.goto(harness.url);
    await page.waitForFunction(
      (n) => {
        const doc = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document;
        return Number((doc.querySelector('.open-count')?.textContent ?? '').replace(/\D/g, '')) === n;
      },
      open,
      { timeout: 60_000 },
    );
    const loaded = performance.now() - t0;
    await page.evaluate(MEASURE);
    const input = page.locator('#recharge-number');
    await input.focus();
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      await page.keyboard.type('9876543210', { delay: 80 });
      await input.fill('');
    }
    const r = (await page.evaluate(
      '({ longTasks: window.__trayBench.longTasks, latencies: window.__trayBench.latencies, ms: performance.now() - window.__trayBench.start })',
    )) as { longTasks: number[]; latencies: number[]; ms: number };
    await page.close();
    const longTaskMs = r.longTasks.reduce((a, b) => a + b, 0);
    return {
      longTaskPer10s: round((longTaskMs * 10_000) / r.ms, 0),
      inputP95: round(percentile(r.latencies, 95), 1),
      keys: r.latencies.length,
      loadedMs: round(loaded, 0),
    };
  } finally {
    await harness.close();
    removeTempDir(dataDir);
  }
}

/**
 * tray_*: the counter page in Chromium with 1,000 and 10,000 open recharges while the poller checks
 * them (at 50 checks/s, each an event for the tray): long-task time per 10 s, and how long a key
 * typed into the number box takes to reach the screen.
 */
export async function trayBench(seconds = 10) {
  const browser = await launchChromium();
  try {
    const small = await measure(browser, 1000, seconds);
    const large = await measure(browser, 10_000, seconds);
    return {
      tray_longtask_ms_per10s_1k: small.longTaskPer10s,
      tray_input_p95_ms_1k: small.inputP95,
      tray_load_ms_1k: small.loadedMs,
      tray_longtask_ms_per10s_10k: large.longTaskPer10s,
      tray_input_p95_ms_10k: large.inputP95,
      tray_load_ms_10k: large.loadedMs,
      tray_keys_measured_10k: large.keys,
    };
  } finally {
    await browser.close();
  }
}
