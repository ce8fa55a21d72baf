import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, untilStatus, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

/**
 * Issue 38 item 2: staff count the drawer blind. Before the day's count is recorded, no amount that
 * tells what the drawer should hold reaches a staff session: not in a report of many days, not as
 * History's commissions. The core withholds them; the owner sees everything.
 */
let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const daysBefore = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function staffAfterASale() {
  h = await openHarness();
  const sent = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
  const done = await untilStatus(h, sent.txn.refId, 'Success');
  expect(done.txn.margin).not.toBeNull();
  await h.ok('lock:setPin', { pin: '2468' });
  await h.ok('lock:lock');
  return { h, refId: sent.txn.refId, date: done.txn.rechargeDate };
}

describe('staff and a day whose count is not recorded', () => {
  it('a report of many days (month, week) is refused with the day to count, in both languages', async () => {
    const { h, date } = await staffAfterASale();
    for (const from of [daysBefore(date, 6), daysBefore(date, 29)]) {
      for (const channel of ['report:summary', 'report:wallet'] as const) {
        const r = await h.callRaw(channel, { from, to: date });
        expect(r, `${channel} from ${from}`).toEqual({ ok: false, error: { code: 'count_first', params: { date } } });
        if (!r.ok) {
          expect(outcomeText('en', r.error)).toMatch(/shown after the count/);
          expect(outcomeText('hi', r.error)).toMatch(/गिनती/);
        }
      }
    }
    // Days before the sale took no money: nothing to withhold.
    expect(await h.callRaw('report:summary', { from: daysBefore(date, 6), to: daysBefore(date, 1) })).toMatchObject({ ok: true });
  });

  it("the whole shop's report (this counter's totals in it) is refused the same way", async () => {
    const { h, date } = await staffAfterASale();
    const to = Date.parse(`${date}T00:00:00+05:30`) + 86_400_000;
    const r = await h.callRaw('shop:report', { from: to - 30 * 86_400_000, to });
    expect(r).toEqual({ ok: false, error: { code: 'count_first', params: { date } } });
    // A range past the last instant a date can hold is still answered in words, never a crash.
    const far = await h.callRaw('shop:report', { from: 8.64e15 - 86_400_000, to: 9e15 });
    expect(far).toMatchObject({ ok: false });
    if (!far.ok) expect(far.error.code).not.toBe('internal');
  });

  it("History's commission is withheld on the list and in the details until the count, then shown", async () => {
    const { h, refId, date } = await staffAfterASale();
    const listed = (await h.ok('txn:history', {})).items[0]!;
    expect(listed).toMatchObject({ refId, margin: null, untilCounted: true });
    expect((await h.ok('txn:get', { refId })).txn).toMatchObject({ margin: null, untilCounted: true });
    expect((await h.ok('txn:lastForNumber', { number: '9876545555' })).txn).toMatchObject({ margin: null });

    await h.ok('dayclose:close', { date, counted: 23900 });
    expect((await h.ok('txn:history', {})).items[0]!.margin).not.toBeNull();
    expect((await h.ok('txn:get', { refId })).txn.untilCounted).toBeUndefined();
    expect((await h.ok('report:summary', { from: daysBefore(date, 6), to: date })).totals.success.amount).toBe(23900);
  });

  it('a recharge pushed to the open window carries no commission for staff before the count; for the owner it does', async () => {
    const { h } = await staffAfterASale();
    const pushed = () =>
      h.events.filter((e) => e.event === 'txn:updated').map((e) => (e.payload as { txn: { margin: number | null; status: string } }).txn);
    h.events.length = 0;
    const sent = await h.ok('recharge:submit', { number: '9876515555', operator: 'JIO', amount: 199 });
    // The card's own answer too (the demo provider answers Success at once).
    expect(sent.txn).toMatchObject({ status: 'Success', margin: null, untilCounted: true });
    await untilStatus(h, sent.txn.refId, 'Success');
    const staffSaw = pushed().filter((t) => t.status === 'Success');
    expect(staffSaw.length).toBeGreaterThan(0);
    expect(staffSaw.every((t) => t.margin === null)).toBe(true);
    expect(staffSaw[0]).toMatchObject({ untilCounted: true });

    await h.ok('lock:unlock', { pin: '2468' });
    h.events.length = 0;
    const owners = await h.ok('recharge:submit', { number: '9876525555', operator: 'JIO', amount: 199 });
    await untilStatus(h, owners.txn.refId, 'Success');
    expect(pushed().find((t) => t.status === 'Success')?.margin).not.toBeNull();
  });

  it('the owner sees every amount before the count', async () => {
    const { h, refId, date } = await staffAfterASale();
    await h.ok('lock:unlock', { pin: '2468' });
    expect((await h.ok('txn:get', { refId })).txn.margin).not.toBeNull();
    expect((await h.ok('report:summary', { from: daysBefore(date, 6), to: date })).totals.success.amount).toBe(23900);
  });
});
