import { afterEach, describe, expect, it } from 'vitest';
import { openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const HOLD_MS = 2500;

describe('no busy waiting', () => {
  it('waiting for one slow status check costs next to no CPU', async () => {
    const provider = await startScriptedProvider((call) => {
      const ref = call.query['ref_id'] ?? '';
      const body = { status: 'Pending', number: '9876544444', amount: '10', operator: 'JIO', ref_id: ref, txn_id: 'RT1', message: '' };
      return call.api === 'recharge' ? { body } : { body, delayMs: HOLD_MS };
    });
    cleanups.push(() => provider.close());
    const { session, close } = await openMoneySession({ baseUrl: provider.url });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876544444', operator: 'JIO', amount: 10, confirmDuplicate: false });

    void session.poller.checkNow(txn.refId, 'poll');
    await new Promise((r) => setTimeout(r, 50));
    // CPU measured in quarter-second slices: a spin costs in every slice, while a one-off burst
    // (a garbage collection, a lazy compile) lands in one. The median slice is what waiting costs.
    const slices: number[] = [];
    let last = process.cpuUsage();
    const sampler = setInterval(() => {
      const used = process.cpuUsage(last);
      last = process.cpuUsage();
      slices.push((used.user + used.system) / 1000);
    }, 250);
    const wallStart = performance.now();
    await session.poller.idle();
    clearInterval(sampler);
    const wallMs = performance.now() - wallStart;
    const sorted = [...slices].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Infinity;
    const per10s = (median / 250) * 10_000;
    console.log(
      `poller idle: median ${median.toFixed(2)} ms CPU a 250 ms slice (${per10s.toFixed(1)} ms per 10 s), slices ${slices.map((x) => x.toFixed(1)).join(' ')}`,
    );
    expect(wallMs).toBeGreaterThan(HOLD_MS - 200);
    expect(slices.length).toBeGreaterThanOrEqual(8);
    // A 5 ms spin costs hundreds of wake-ups a second; waiting on the promise costs none.
    expect(per10s).toBeLessThan(150);
  });
});
