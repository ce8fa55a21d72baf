import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Sandbox } from '../../../../src/sandbox';
import { CustomerService } from '../../../../src/main/core/customers/customer-service';
import { KhataService } from '../../../../src/main/core/khata/khata-service';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { istDate } from '../../../../src/shared/ist-date';
import { until, type TestHarness } from '../flow/harness-client';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';
import { closedPort } from '../../../support/closed-port';
import { tempDir } from '../../../support/temp-dir';
import { closeShopCounters, openShopCounter, type ShopCounter } from '../../../support/shop-counter';

// Issue 37: customers are the shop's. A name and a credit limit set at one counter are the book's at
// every counter (number box, search, dues, statement, the limit a credit sale is held to), the
// newest edit wins at all of them, and a peer's customer is input like any other.
let pg: PostgresServer;
let sandbox: Sandbox | undefined;
const harnesses: TestHarness[] = [];
const shops: ShopCounter[] = [];
const RAM = '9876501234';
/** The sandbox answers a number ending 5555 Success at once (TEST_SUFFIXES): the money test's customer. */
const RAMESH = '9876505555';
const SITA = '9812340001';
const FAST = { connectMs: 500, headersMs: 1500, bodyMs: 1500, totalMs: 3000 };

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
  await closeShopCounters(shops);
  sandbox = undefined;
});

async function liveCounter(s: Sandbox, url: string, name: string): Promise<TestHarness> {
  const h = await openLiveHarness(s, { timeouts: FAST, shopSyncMs: 50 });
  harnesses.push(h);
  const status = await h.ok('shop:configure', { url, tls: 'disable', counterName: name, password: pg.password });
  expect(status.configured).toBe(true);
  await until(async () => (await h.ok('shop:status')).online === true, 20_000, `${name} to reach the shop ledger`);
  return h;
}

/** A counter with the customer and khata services on a clock the test holds. */
type Counter = ShopCounter & { customers: CustomerService; khata: KhataService; clock: { now: number } };
const settings = settingsSchema.parse({ version: 1, installPrefix: 'AAAA', shop: { name: 'Gupta Mobile' } });

function counterOn(dir: string, url: string, prefix: string, name: string, clock: { now: number }): Counter {
  const shop = openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name, now: () => clock.now });
  shops.push(shop);
  const now = () => clock.now;
  return {
    ...shop,
    clock,
    customers: new CustomerService({ ledger: shop.ledger, now }),
    khata: new KhataService({ ledger: shop.ledger, now, settings: () => settings }),
  };
}

async function syncAll(...cs: Counter[]): Promise<void> {
  for (let i = 0; i < 2; i++) for (const c of cs) await c.sync.syncNow();
}

const nameAt = (c: Counter, number = RAM) => c.customers.get(number, 0).customer?.name ?? '';
const name = (number: string, text: string) => ({ number, name: text, operator: null, circle: null });

describe('customers are the shop’s (real PostgreSQL, real SQLite counters)', () => {
  it('a name and limit set at counter 1 are counter 2’s number box, search, dues, statement and limit, and the other way round; a credit sale over it is refused in words', async () => {
    sandbox = await testSandbox({ token: 'shop-customers-token', sameNumberWindowMs: 0 });
    const url = pg.newDatabase();
    const a = await liveCounter(sandbox, url, 'Counter 1');
    const b = await liveCounter(sandbox, url, 'Counter 2');

    await a.ok('customer:save', name(RAMESH, 'Ramesh Kumar'));
    await a.ok('khata:setLimit', { number: RAMESH, rupees: 300 });
    const sale = await a.ok('recharge:submit', { number: RAMESH, operator: 'JIO', amount: 200, payment: { method: 'credit' } });
    expect(sale.outcome).toBe('success');

    // Counter 2 has never met Ramesh: the number box names him, with counter 1's due.
    await until(
      async () => (await b.ok('customer:atCounter', { number: RAMESH })).customer?.name === 'Ramesh Kumar',
      20_000,
      'the name at counter 2',
    );
    await until(async () => (await b.ok('customer:atCounter', { number: RAMESH })).khataDue === 20_000, 20_000, 'the due at counter 2');
    expect((await b.ok('customer:find', { query: 'ram ku', limit: 8 })).items.map((c) => [c.number, c.name])).toEqual([
      [RAMESH, 'Ramesh Kumar'],
    ]);
    const dues = await b.ok('khata:dues', {});
    expect(dues.items.map((d) => [d.number, d.name, d.due])).toEqual([[RAMESH, 'Ramesh Kumar', 20_000]]);
    const view = await b.ok('khata:get', { number: RAMESH, lines: 10 });
    expect([view.name, view.due, view.limit, view.ownLimit]).toEqual(['Ramesh Kumar', 20_000, 30_000, 30_000]);
    expect(view.lines.map((l) => [l.kind, l.delta, l.counter])).toEqual([['sale', 20_000, 'Counter 1']]);
    // The wrong-number guard at counter 2 knows counter 1's regular: one digit off names him.
    const slip = RAMESH.slice(0, -1) + '4';
    expect((await b.ok('customer:atCounter', { number: slip })).regular).toEqual({ number: RAMESH, name: 'Ramesh Kumar' });

    // ₹200 owed at counter 1, limit ₹300 set there: ₹199 more on credit at counter 2 is refused,
    // in words, and nothing reaches the provider; the shopkeeper's "send on credit anyway" sends it.
    const sentBefore = Object.keys(sandbox.admin.submissions()).length;
    const over = await b.call('recharge:submit', { number: RAMESH, operator: 'JIO', amount: 199, payment: { method: 'credit' } });
    expect(over.ok ? null : over.error).toEqual({ code: 'credit_over_limit', params: { due: 20_000, credit: 19_900, limit: 30_000 } });
    if (over.ok) throw new Error('sent');
    expect(outcomeText('en', over.error)).toContain("Over this customer's credit limit: the shop's due is ₹200.00 (all counters)");
    expect(outcomeText('en', over.error)).toContain('Send on credit anyway');
    expect(outcomeText('hi', over.error)).toContain('उधार सीमा से ज़्यादा');
    expect(outcomeText('hi', over.error)).toContain('फिर भी उधार पर भेजें');
    expect(Object.keys(sandbox.admin.submissions())).toHaveLength(sentBefore);
    // Within the limit it goes without a word; cash is never held to it.
    expect((await b.ok('recharge:submit', { number: RAMESH, operator: 'JIO', amount: 100, payment: { method: 'credit' } })).outcome).toBe(
      'success',
    );
    expect((await b.ok('recharge:submit', { number: RAMESH, operator: 'JIO', amount: 199, confirmDuplicate: true })).outcome).toBe(
      'success',
    );
    const anyway = await b.ok('recharge:submit', {
      number: RAMESH,
      operator: 'JIO',
      amount: 199,
      payment: { method: 'credit' },
      confirmDuplicate: true,
      confirmOverLimit: true,
    });
    expect(anyway.outcome).toBe('success');
    await until(
      async () => (await a.ok('khata:get', { number: RAMESH, lines: 0 })).due === 49_900,
      20_000,
      'counter 2’s credit at counter 1',
    );

    // And the other way round: named at counter 2, the book's at counter 1.
    await b.ok('customer:save', name(SITA, 'Sita Devi'));
    await until(
      async () => (await a.ok('customer:atCounter', { number: SITA })).customer?.name === 'Sita Devi',
      20_000,
      'counter 2’s name at counter 1',
    );
    expect((await a.ok('customer:find', { query: 'sita', limit: 8 })).items.map((c) => c.number)).toEqual([SITA]);
  }, 120_000);

  it('the newer edit wins at both counters, a tie the same way at both, a sale makes no stale name newer, and an edit of another counter’s customer travels', async () => {
    const dir = tempDir('shop-customers');
    const url = pg.newDatabase();
    const t = Date.now() - 3600_000;
    const a = counterOn(dir, url, 'AAAA', 'Counter 1', { now: t });
    const b = counterOn(dir, url, 'BBBB', 'Counter 2', { now: t });

    a.customers.save(name(RAM, 'Ram'));
    b.clock.now = t + 1000;
    b.customers.save(name(RAM, 'Ramu Kaka'));
    await syncAll(a, b);
    expect([nameAt(a), nameAt(b)]).toEqual(['Ramu Kaka', 'Ramu Kaka']);
    expect(a.customers.find('kaka').map((c) => c.number)).toEqual([RAM]);
    // The words of the older name are gone with it.
    expect(a.customers.find('ram').map((c) => c.name)).toEqual(['Ramu Kaka']);

    // A recharge at counter 1 later than counter 2's edit is a sale, not an edit of the name.
    a.clock.now = t + 5000;
    a.ledger.insertSubmitting({
      refId: 'AAAA000000000001',
      number: RAM,
      operator: 'JIO',
      amount: 19_900,
      rechargeDate: istDate(a.clock.now),
      now: a.clock.now,
    });
    a.ledger.update('AAAA000000000001', { status: 'Success', nextCheckAt: null }, 'reply', a.clock.now + 100);
    await syncAll(a, b);
    expect([nameAt(a), nameAt(b)]).toEqual(['Ramu Kaka', 'Ramu Kaka']);

    // Both named at the same instant: the greater prefix's edit, at both.
    a.clock.now = b.clock.now = t + 9000;
    a.customers.save(name(SITA, 'Sita'));
    b.customers.save(name(SITA, 'Sita Devi'));
    await syncAll(a, b);
    expect([nameAt(a, SITA), nameAt(b, SITA)]).toEqual(['Sita Devi', 'Sita Devi']);

    // Counter 2 sets the limit of counter 1's customer: its record, with the name it holds, travels.
    a.clock.now = t + 10_000;
    a.customers.save(name(RAM, 'Ramesh'));
    await syncAll(a, b);
    b.clock.now = t + 11_000;
    b.khata.setLimit(RAM, 700);
    await syncAll(a, b);
    for (const c of [a, b]) expect([c.khata.view(RAM, 0).name, c.khata.view(RAM, 0).limit]).toEqual(['Ramesh', 70_000]);
    // Counter 1 clears the name: that travels too.
    a.clock.now = t + 12_000;
    a.customers.save(name(RAM, ''));
    await syncAll(a, b);
    expect([nameAt(a), nameAt(b), b.khata.view(RAM, 0).limit]).toEqual(['', '', 70_000]);
    expect(b.customers.find('ramesh')).toEqual([]);

    // Counter 2's clock an hour ahead: its rename is dated later than counter 1's next edit by the
    // clock, but counter 1 edited over it, so counter 1's edit is the newer one, at both.
    b.clock.now = t + 3600_000;
    b.customers.save(name(RAM, 'Ramu'));
    await syncAll(a, b);
    a.clock.now = t + 13_000;
    a.customers.save(name(RAM, 'Ram Prasad'));
    await syncAll(a, b);
    expect([nameAt(a), nameAt(b)]).toEqual(['Ram Prasad', 'Ram Prasad']);
  }, 60_000);

  it('offline, counter 2 holds a credit sale to the name, limit and due it last pulled', async () => {
    const dir = tempDir('shop-customers');
    const url = pg.newDatabase();
    const clock = { now: Date.now() - 60_000 };
    const a = counterOn(dir, url, 'AAAA', 'Counter 1', clock);
    const b = counterOn(dir, url, 'BBBB', 'Counter 2', clock);
    a.customers.save(name(RAM, 'Ramesh Kumar'));
    a.khata.setLimit(RAM, 300);
    a.ledger.insertSubmitting({
      refId: 'AAAA000000000001',
      number: RAM,
      operator: 'JIO',
      amount: 25_000,
      rechargeDate: istDate(clock.now),
      now: clock.now,
      sale: { saleRef: null, method: 'credit', cash: 0, upi: 0, credit: 25_000 },
    });
    await syncAll(a, b);
    await b.sync.stop();
    b.ledger.close();
    shops.splice(shops.indexOf(b), 1);

    // Counter 2 opens again with the shop ledger unreachable.
    const port = await closedPort();
    const off = counterOn(dir, `postgres://rd@127.0.0.1:${port}/shop`, 'BBBB', 'Counter 2', clock);
    await off.sync.syncNow().catch(() => undefined);
    expect(off.sync.lastSyncAt).toBeNull();
    expect(nameAt(off)).toBe('Ramesh Kumar');
    expect(off.khata.standing(RAM)).toEqual({ due: 25_000, limit: 30_000 });
    expect(off.customers.find('ramesh').map((c) => c.number)).toEqual([RAM]);
  }, 60_000);

  it('a peer’s customer is input: a limit below 0, above the bound or not whole rupees, a name the form would not take, or dated days ahead is refused by name', async () => {
    const dir = tempDir('shop-customers');
    const url = pg.newDatabase();
    const db = new URL(url).pathname.slice(1);
    const a = counterOn(dir, url, 'AAAA', 'Counter 1', { now: Date.now() });
    await a.sync.syncNow();
    const now = Date.now();
    const rec = (number: string, body: Record<string, unknown>) =>
      `('CCCC', 'customer', '${number}', '${JSON.stringify({ number, name: 'Ram', creditLimit: null, updatedAt: now, ...body })}', ${now})`;
    const longest = 'क'.repeat(60);
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');
       INSERT INTO shop_records (counter, kind, local_id, body, version) VALUES
         ${rec('9800000001', { creditLimit: -100 })},
         ${rec('9800000002', { creditLimit: 10_000_100 })},
         ${rec('9800000003', { creditLimit: 12_345 })},
         ${rec('9800000004', { name: 'क'.repeat(61) })},
         ${rec('9800000005', { name: '12345' })},
         ${rec('9800000006', { name: ' Ram' })},
         ${rec('9800000007', { updatedAt: now + 3 * 86_400_000 })},
         ${rec('9800000008', { name: longest, creditLimit: 10_000_000 })};`,
      db,
    );
    await a.sync.syncNow();
    expect(a.told.map((t) => [t.refId, t.reason])).toEqual([
      ['customer#9800000001', 'bad_values'],
      ['customer#9800000002', 'bad_values'],
      ['customer#9800000003', 'bad_values'],
      ['customer#9800000004', 'bad_values'],
      ['customer#9800000005', 'bad_values'],
      ['customer#9800000006', 'bad_values'],
      ['customer#9800000007', 'date_outside'],
    ]);
    // The good one at the bounds is kept; none of the refused reached the book.
    expect([nameAt(a, '9800000008'), a.khata.standing('9800000008').limit]).toEqual([longest, 10_000_000]);
    for (let i = 1; i <= 7; i++) expect(a.customers.get(`980000000${i}`, 0).customer).toBeNull();
  }, 60_000);
});
