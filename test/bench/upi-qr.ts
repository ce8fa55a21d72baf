import { startHarness } from '../../src/harness/start-harness';
import { launchChromium } from '../support/chromium';
import { percentile, round } from './stats';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

// Runs in the page: from the key event that chooses UPI (or cash) to the next frame after the
// QR is in the page (or gone), what the customer waits for before scanning. Text, because the
// TypeScript runner would wrap a function in a helper the page lacks.
const MEASURE = `new Promise((done) => {
  const latencies = [];
  let t0 = null;
  document.addEventListener('keydown', (e) => { if (e.code === 'KeyU') t0 = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (t0 === null || !document.querySelector('.upi-qr svg path')) return;
    const start = t0;
    t0 = null;
    requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - start), 0));
  }).observe(document.body, { childList: true, subtree: true });
  window.__upiBench = latencies;
  done(true);
})`;

/** The QR shown after choosing UPI on the confirmation (issue 30): goal ≤ 50 ms. */
export async function upiQrBench(runs = 40): Promise<Record<string, number>> {
  const dataDir = makeTempDir('bench-upi');
  const harness = await startHarness({ dataDir });
  const browser = await launchChromium();
  try {
    await harness.core.router.dispatch('settings:update', { upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile & Recharge' } });
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(harness.url);
    await page.locator('#recharge-number').waitFor();
    await page.evaluate(MEASURE);
    await page.locator('#recharge-number').focus();
    await page.keyboard.type('9876545555');
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await page.keyboard.type('249');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < runs; i++) {
      await page.keyboard.press('u');
      await page.locator('.upi-qr svg').waitFor();
      await page.waitForFunction((n) => (globalThis as unknown as { __upiBench: number[] }).__upiBench.length > n, i);
      // Back to cash: the next U draws the QR anew.
      await page.keyboard.press('c');
      await page.locator('.upi-qr').waitFor({ state: 'detached' });
    }
    const latencies = (await page.evaluate('window.__upiBench')) as number[];
    await page.close();
    return {
      upi_qr_first_ms: round(latencies[0]!),
      upi_qr_p50_ms: round(percentile(latencies, 50)),
      upi_qr_p95_ms: round(percentile(latencies, 95)),
      upi_qr_max_ms: round(Math.max(...latencies)),
    };
  } finally {
    await browser.close();
    await harness.close();
    removeTempDir(dataDir);
  }
}
