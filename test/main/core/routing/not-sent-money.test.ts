import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { untilStatus, type TestHarness } from '../flow/harness-client';
import { openTwoProviders } from './two-providers';

let h: TestHarness | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  for (const close of closers.splice(0)) await close();
});

describe('a routed sale closed as not sent: the money follows at once (issue 35 item 6)', () => {
  it('its cash goes on the give-back list when the status check closes it, without a restart', async () => {
    const opened = await openTwoProviders({
      // Jio goes to the first account only: the sale ends with its one attempt.
      change: (r) => ({ ...r, routes: { ...r.routes, JIO: [{ account: 'main' }] } }),
      notSentRule: { lookups: 2, afterMs: 1000 },
    });
    h = opened.t;
    const { t, main } = opened;
    const port = Number(new URL(main.url).port);
    await main.close();

    // Nothing listens on the first account's port: the request never left.
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Unknown', notSent: true, accountId: 'main' });
    expect((await t.ok('sale:toGiveBack', {})).items).toEqual([]);

    // The provider comes back on that port; it never had the recharge, and says so to the checks.
    const back = await startSandbox({ port, username: main.credentials.username, token: main.credentials.token });
    closers.push(() => back.close());
    const closed = await untilStatus(t, r.txn.refId, 'Error', 15_000);
    expect(closed.txn.moneyNote).toBe('not_sent');
    expect(back.admin.submissionCount(r.txn.refId)).toBe(0);

    // The customer's ₹239 is theirs again, at once: on the give-back list for the shopkeeper to hand back.
    expect((await t.ok('sale:toGiveBack', {})).items).toMatchObject([{ refId: r.txn.refId, cash: 23_900 }]);
  });
});
