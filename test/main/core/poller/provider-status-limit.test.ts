import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { startCountingProxy } from '../../../support/counting-proxy';

// Issue 36 item 6: a provider that takes 6 status checks a minute per account (its minute shortened
// to 2 s here). What the poller holds back is checked later, never dropped, never sent again.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a provider's status checks per minute", () => {
  it('ten pending rows checked at once: six go, four wait (the screen says so), then go; nothing is sent again', async () => {
    const sandbox = await startSandbox({ balance: 5000, pendingMs: 60_000 });
    cleanups.push(() => sandbox.close());
    const proxy = await startCountingProxy(sandbox.url);
    cleanups.push(() => proxy.close());
    const money = await openMoneySession({
      baseUrl: proxy.url,
      ...sandbox.credentials,
      profileFile: 'limited-v2.json',
      statusWindowMs: 2_000,
    });
    cleanups.push(money.close);
    const refs: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { txn } = await money.session.recharge.submit({
        number: `98765${i}1111`.slice(0, 10),
        operator: 'JIO',
        amount: 239,
        confirmDuplicate: false,
      });
      expect(txn.status).toBe('Pending');
      refs.push(txn.refId);
    }
    const attempts = refs.map((r) => money.session.ledger.get(r)?.attempts ?? 0);
    const checks = refs.map((r) => money.session.poller.checkNow(r, 'manual'));
    await wait(400);
    expect(proxy.count('statusByRefId')).toBe(6);
    const waiting = money.notices.list().filter((n) => n.outcome.code === 'status_checks_waiting');
    expect(waiting.map((n) => n.outcome.params)).toEqual([{ waiting: 4, perMinute: 6 }]);
    await wait(800);
    expect(proxy.count('statusByRefId')).toBe(6);

    await Promise.all(checks);
    expect(proxy.count('statusByRefId')).toBe(10);
    // Every row held back was checked in its turn: none dropped, none still waiting.
    expect(refs.map((r) => money.session.ledger.get(r)?.attempts)).toEqual(attempts.map((a) => a + 1));
    expect(money.notices.list().filter((n) => n.outcome.code === 'status_checks_waiting')).toEqual([]);
    expect(proxy.count('recharge')).toBe(10);
    for (const r of refs) expect(sandbox.admin.submissionCount(r)).toBe(1);
  });
});
