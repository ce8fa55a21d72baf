import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Sandbox } from '../../../../src/sandbox';
import { until, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { shopHarnessesPerTest } from '../../../support/shop-harness';
import { ledgerDb } from '../../../support/ledger-db';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

// Two counter PCs on one provider account (one sandbox) and one real PostgreSQL shop ledger.
const TOKEN = 'shared-ledger-token';
const FAST = { connectMs: 500, headersMs: 1500, bodyMs: 1500, totalMs: 3000 };
const shop = shopHarnessesPerTest();
let sandbox: Sandbox | undefined;
afterEach(() => {
  sandbox = undefined;
});

async function counter(s: Sandbox, url: string, name: string): Promise<TestHarness> {
  const h = await openLiveHarness(s, { timeouts: FAST, shopSyncMs: 50, settings: { recharge: { duplicateWindowMinutes: 3 } } });
  return shop.join(h, url, name);
}

const count = (text: string) => z.coerce.number().int().parse(text.trim());

describe('several counters on one shop ledger (real PostgreSQL)', () => {
  it('two counters recharging the same number at the same moment: one sends, the other is warned, naming the first', async () => {
    // The provider itself would take both (no same-number window): only the shop ledger stands between.
    sandbox = await testSandbox({ token: TOKEN, sameNumberWindowMs: 0 });
    const url = shop.server().newDatabase();
    const a = await counter(sandbox, url, 'Counter 1');
    const b = await counter(sandbox, url, 'Counter 2');

    const recharge = { number: '9876545555', operator: 'JIO', amount: 239 };
    const [ra, rb] = await Promise.all([a.call('recharge:submit', recharge), b.call('recharge:submit', recharge)]);
    const results = [ra, rb];
    const sent = results.filter((r) => r.ok);
    const warned = results.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(sent).toHaveLength(1);
    expect(warned).toHaveLength(1);
    const sender = ra.ok ? 'Counter 1' : 'Counter 2';
    const first = ra.ok ? ra.data.txn : rb.ok ? rb.data.txn : null;
    // The warning names the other counter and the recharge it matched.
    expect(warned[0]).toEqual({
      code: 'shop_duplicate',
      params: {
        counter: sender,
        kind: expect.stringMatching(/^(sending|open|recent)$/),
        txn: expect.objectContaining({ refId: first?.refId, amount: 23900 }),
      },
    });
    const words = outcomeText('en', warned[0]!);
    expect(words).toContain(`Counter “${sender}”`);
    expect(words).toContain('₹239.00');
    expect(words).toMatch(/Send another only if the customer wants a second recharge/);
    // The provider charged once.
    expect(sandbox.admin.allTransactions()).toHaveLength(1);

    // The warned counter can still send a second one when the shopkeeper confirms it.
    const warnedCounter = ra.ok ? b : a;
    const second = await warnedCounter.ok('recharge:submit', { ...recharge, confirmDuplicate: true });
    expect(second.outcome).toBe('success');
    expect(sandbox.admin.allTransactions()).toHaveLength(2);
  }, 60_000);

  it('PostgreSQL killed with kill -9 in the middle of syncing and started again: every row arrives once', async () => {
    sandbox = await testSandbox({ token: TOKEN, sameNumberWindowMs: 0 });
    const url = shop.server().newDatabase();
    const db = new URL(url).pathname.slice(1);
    const a = await counter(sandbox, url, 'Counter 1');
    const b = await counter(sandbox, url, 'Counter 2');
    const prefixA = (await a.ok('settings:get')).installPrefix;

    const refs: string[] = [];
    for (let i = 0; i < 24; i++) {
      if (i === 8) shop.server().kill9();
      const r = await a.ok('recharge:submit', { number: `98${String(i).padStart(4, '0')}5555`, operator: 'JIO', amount: 149 });
      // The counter keeps recharging while the shop ledger is down.
      expect(r.outcome).toBe('success');
      refs.push(r.txn.refId);
    }
    const offline = await a.ok('shop:status');
    expect(offline.online).toBe(false);
    expect(offline.offlineSince).not.toBeNull();
    expect(offline.unsent).toBeGreaterThan(0);
    const notices = (await a.ok('app:notices')).items;
    const offlineNotice = notices.find((n) => n.outcome.code === 'shop_ledger_offline');
    expect(offlineNotice?.outcome).toEqual({ code: 'shop_ledger_offline', params: { since: offline.offlineSince } });

    shop.server().start();
    await until(
      async () => {
        const s = await a.ok('shop:status');
        return s.online === true && s.unsent === 0;
      },
      30_000,
      'counter 1 to catch up',
    );
    expect((await a.ok('app:notices')).items.some((n) => n.outcome.code === 'shop_ledger_offline')).toBe(false);

    // 0 lost, 0 doubled: every ref_id once, and every local event once.
    const inShop = shop.server().psql(`SELECT ref_id FROM shop_txns WHERE counter = '${prefixA}' ORDER BY ref_id`, db).trim().split('\n');
    expect(inShop).toEqual([...refs].sort());
    const session = await a.core.session();
    const localEvents = count(String(ledgerDb(session.ledger).prepare('SELECT count(*) FROM txn_events').pluck().get()));
    expect(count(shop.server().psql(`SELECT count(*) FROM shop_events WHERE counter = '${prefixA}'`, db))).toBe(localEvents);
    expect(
      count(shop.server().psql(`SELECT count(*) FROM (SELECT counter, event_id FROM shop_events GROUP BY 1, 2 HAVING count(*) > 1) d`, db)),
    ).toBe(0);

    // The other counter sees all of them, under the first counter's name.
    await until(
      async () => (await b.ok('shop:history', { limit: 500 })).items.filter((t) => t.counterName === 'Counter 1').length === refs.length,
      15_000,
      'counter 2 to see every recharge of counter 1',
    );
    const seen = (await b.ok('shop:history', { limit: 500 })).items;
    expect(new Set(seen.map((t) => t.refId)).size).toBe(seen.length);
    expect(seen.every((t) => !t.own)).toBe(true);
  }, 120_000);

  it('a row another counter sent that breaks the rules is told to the shopkeeper, its names cleaned, in both languages', async () => {
    sandbox = await testSandbox({ token: TOKEN });
    const url = shop.server().newDatabase();
    const db = new URL(url).pathname.slice(1);
    const a = await counter(sandbox, url, 'Counter 1');
    const now = Date.now();
    shop.server().psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', E'Back\\u202Eroom');
       INSERT INTO shop_txns (ref_id, counter, number, operator, amount, status, message, recharge_date, created_at, updated_at, last_event_id)
       VALUES ('CCCC000000000002', 'CCCC', '9876500002', 'JIO', -5000000, 'Success', 'ok', '2026-11-23', ${now}, ${now}, 1)`,
      db,
    );
    const notice = await until(
      async () => (await a.ok('app:notices')).items.find((n) => n.outcome.code === 'shop_row_refused'),
      10_000,
      'the refused row to be told',
    );
    expect(notice.level).toBe('warning');
    expect(notice.outcome).toEqual({
      code: 'shop_row_refused',
      params: { rows: 1, refId: 'CCCC000000000002', counter: 'Back room', reason: 'bad_values' },
    });
    expect(outcomeText('en', notice.outcome)).toContain('ref CCCC000000000002 from Back room, because its fields are damaged');
    expect(outcomeText('hi', notice.outcome)).toContain('Back room');
    expect((await a.ok('shop:history', {})).items.map((t) => t.refId)).not.toContain('CCCC000000000002');
  }, 60_000);
});
