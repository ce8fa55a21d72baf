import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { complaintRecheckAt, COMPLAINT_WINDOW_MS } from '../../../../src/main/core/complaints/complaint-state';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MIN = 60_000;
const START = Date.parse('2026-11-22T06:00:00Z');

async function setup(pendingMs: number) {
  const clock = heldClock(START);
  const sandbox = await startSandbox({ pendingMs, now: clock.now });
  cleanups.push(() => sandbox.close());
  const { session, close } = await openMoneySession({ baseUrl: sandbox.url, now: clock.now });
  cleanups.push(close);
  return { clock, sandbox, session };
}

/** Moves both clocks, lets the provider act, and runs whatever checks have come due. */
async function advance(s: Awaited<ReturnType<typeof setup>>, ms: number) {
  s.clock.advance(ms);
  s.sandbox.admin.tick();
  for (const txn of s.session.ledger.dueChecks(s.clock.now(), 10)) await s.session.poller.checkNow(txn.refId, 'poll');
}

describe('complaints are followed, not filed and forgotten', () => {
  it('the schedule: 30 minutes after the complaint, then hourly, never past the 7-day window', () => {
    expect(complaintRecheckAt(START, START)).toBe(START + 30 * MIN);
    expect(complaintRecheckAt(START, START + 30 * MIN)).toBe(START + 90 * MIN);
    expect(complaintRecheckAt(START, START + COMPLAINT_WINDOW_MS - 10 * MIN)).toBe(START + COMPLAINT_WINDOW_MS);
    expect(complaintRecheckAt(START, START + COMPLAINT_WINDOW_MS)).toBeNull();
  });

  it('an upheld complaint: re-checked on the slow schedule until the refund lands, then "came back"', async () => {
    const s = await setup(150 * MIN);
    const { txn } = await s.session.recharge.submit({ number: '9876546666', operator: 'JIO', amount: 199, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    const complaint = await s.session.complaints.create(txn.refId, 'recharge not received');
    expect(complaint.state).toBe('raised');
    expect(s.session.ledger.get(txn.refId)?.nextCheckAt).toBe(START + 30 * MIN);
    expect(s.session.complaints.list()[0]).toMatchObject({ state: 'raised', txn: { status: 'Success', amount: 19900 } });

    await advance(s, 30 * MIN); // first re-check: still Success, next one in an hour
    expect(s.session.ledger.get(txn.refId)).toMatchObject({ status: 'Success', nextCheckAt: START + 90 * MIN });
    await advance(s, 60 * MIN); // still open at the provider
    expect(s.session.complaints.list()[0]?.state).toBe('raised');
    await advance(s, 60 * MIN); // the provider upheld it at 150 min: the money is back
    expect(s.session.ledger.get(txn.refId)).toMatchObject({ status: 'Refunded', moneyNote: 'refunded_after_success', nextCheckAt: null });
    expect(s.session.complaints.list()[0]).toMatchObject({ state: 'refunded', settledAt: START + 150 * MIN });
  });

  it('a complaint the provider never answers is closed unchanged when the window ends', async () => {
    const s = await setup(60_000);
    const { txn } = await s.session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false });
    await s.session.complaints.create(txn.refId, 'customer says no talktime');
    let checks = 0;
    while (s.session.ledger.get(txn.refId)?.nextCheckAt !== null && checks < 400) {
      await advance(s, 60 * MIN);
      checks++;
    }
    // Hourly for seven days: about 168 checks, then it stops.
    expect(checks).toBeGreaterThan(160);
    expect(checks).toBeLessThan(172);
    expect(s.session.ledger.get(txn.refId)?.status).toBe('Success');
    expect(s.session.complaints.list()[0]?.state).toBe('closed');
  });
});
