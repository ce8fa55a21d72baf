import { afterEach, describe, expect, it } from 'vitest';
import { openProviderSession, type ProviderSession } from '../../../../src/main/core/session/provider-session';
import { EventBus } from '../../../../src/main/core/events/event-bus';
import { fixedRouting } from '../../../../src/main/core/routing/routing-source';
import { routingRulesSchema, type RoutingRules } from '../../../../src/shared/routing/routing-schema';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';
import { testSandbox } from '../../../support/live-harness';
import { sentTo } from './two-providers';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a sale whose money went back stays over (issue 35 item 6)', () => {
  it('ended with no account to try, its cash goes back at once; an account free later never gets it', async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const spare = await testSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'code-xml' });
    // The owner's rules, read at every decision: the spare is paused when the sale is made.
    let rules: RoutingRules = routingRulesSchema.parse({
      version: 1,
      enabled: true,
      maxAttemptsPerSale: 2,
      pauseAfterFailures: 50,
      accounts: [
        { id: 'main', name: 'Main', profile: 'document', baseUrl: main.url, username: main.credentials.username },
        { id: 'spare', name: 'Spare', profile: 'code-xml', baseUrl: spare.url, username: spare.credentials.username, paused: true },
      ],
      routes: { JIO: [{ account: 'main' }, { account: 'spare' }] },
    });
    const dataDir = makeTempDir('sale-over');
    cleanups.push(() => removeTempDir(dataDir));
    const session: ProviderSession = await openProviderSession(
      { mode: 'live', credentials: { baseUrl: main.url, username: main.credentials.username, token: main.credentials.token } },
      {
        dataDir,
        settings: () =>
          settingsSchema.parse({
            version: 1,
            installPrefix: 'OVER',
            // The status check is asked for by hand here, never by the schedule.
            poller: { firstCheckSeconds: 600 },
            provider: { baseUrl: main.url, username: main.credentials.username, profile: 'document' },
          }),
        events: new EventBus(),
        routing: fixedRouting(() => rules),
        accountCredentials: (a) => (a.id === 'spare' ? { baseUrl: a.baseUrl, username: a.username, token: spare.credentials.token } : null),
      },
    );
    cleanups.push(() => session.close());

    // The first account's reply says Failure, and no other account may take the sale: it is over.
    const r = await session.recharge.submit({ number: '9876540000', operator: 'JIO', amount: 239, confirmDuplicate: false });
    expect(r.txn).toMatchObject({ status: 'Failure', accountId: 'main' });
    expect(session.ledger.moneyFollow.toGiveBack(10)).toMatchObject([{ refId: r.txn.refId, cash: 23_900 }]);
    session.ledger.moneyFollow.settle(r.txn.refId, 'given_back', Date.now(), '2026-11-28');

    // The spare is free again, and the status check confirms the Failure: the cash was handed back,
    // so the sale is not sent to the spare (the customer would be recharged for nothing).
    rules = { ...rules, accounts: rules.accounts.map((a) => ({ ...a, paused: false })) };
    const checked = await session.poller.checkNow(r.txn.refId, 'manual');
    expect(checked).toMatchObject({ status: 'Failure', failureConfirmed: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(spare)).toEqual([]);
    expect(session.ledger.attemptsOf(r.txn.refId)).toHaveLength(1);
  });
});
