import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger, type JournalEntry } from '../../../../src/main/core/ledger/ledger';
import { accountStates } from '../../../../src/main/core/routing/account-states';
import { singleAccountRules } from '../../../../src/shared/routing/single-account';
import type { TxnStatus } from '../../../../src/shared/status';
import type { RoutingRules } from '../../../../src/shared/routing/routing-schema';
import { decideRoute, type AccountState } from '../../../../src/shared/routing/route-decision';
import { istDate, istDayStart } from '../../../../src/shared/ist-date';
import { createRng } from '../../../../src/sandbox/rng';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

const T0 = Date.parse('2026-11-22T06:00:00Z');
let dir: string;
let ledger: Ledger;
beforeEach(() => {
  dir = tempDir('states');
  ledger = Ledger.open(join(dir, 'ledger.db'));
});
afterEach(() => ledger.close());

const single = singleAccountRules({ provider: { baseUrl: '', username: '', profile: 'document' } }, 'Main');
// Jio and Airtel capped on both accounts (the cap reads today's spend), Vi capped on spare only, the rest uncapped.
const rules: RoutingRules = {
  ...single,
  enabled: true,
  accounts: [
    { id: 'main', name: 'Main', profile: 'document', baseUrl: '', username: '', paused: false },
    { id: 'spare', name: 'Spare', profile: 'hash-text', baseUrl: '', username: '', paused: false },
  ],
  routes: {
    ...Object.fromEntries(Object.keys(single.routes).map((op) => [op, [{ account: 'main' }, { account: 'spare' }]])),
    JIO: [
      { account: 'main', dailyCapRupees: 1000 },
      { account: 'spare', dailyCapRupees: 1000 },
    ],
    AT: [
      { account: 'main', amounts: { kind: 'range', min: 10, max: 300 }, dailyCapRupees: 710 },
      { account: 'spare' },
      { account: 'main', amounts: { kind: 'range', min: 301, max: 10_000 } },
    ],
    VI: [{ account: 'main' }, { account: 'spare', dailyCapRupees: 500 }],
  },
};
let n = 0;
function row(account: string, status: TxnStatus, at = T0, flags: { notProcessed?: boolean; failureConfirmed?: boolean } = {}) {
  const refId = `S${String(++n).padStart(6, '0')}`;
  ledger.insertSubmitting({
    refId,
    number: '9876543210',
    operator: 'JIO',
    amount: 23900,
    rechargeDate: '2026-11-22',
    now: at,
    accountId: account,
  });
  if (status !== 'Submitting') ledger.update(refId, { status, nextCheckAt: null, ...flags }, 'reply', at + 1);
  return refId;
}
/**
 * The states as read before txns_spend and txns_account (the whole day grouped, the newest 300 rows walked in
 * code), kept here as the measure the index walks must equal.
 */
function statesAsBefore(r: RoutingRules, operator: string): Map<string, AccountState> {
  const db = ledgerDb(ledger);
  const spent = new Map<string, Record<string, number>>();
  const spendRows = db
    .prepare(
      `SELECT account_id AS account, operator, total(amount) AS paise FROM txns WHERE created_at >= ?
         AND NOT ((status = 'Error' AND (not_processed = 1 OR money_note IS 'not_sent')) OR (status = 'Failure' AND failure_confirmed = 1))
       GROUP BY account_id, operator`,
    )
    .all(istDayStart(istDate(T0 + 60_000))) as { account: string; operator: string; paise: number }[];
  for (const row of spendRows) spent.set(row.account, { ...spent.get(row.account), [row.operator]: row.paise });
  const recent = db.prepare('SELECT account_id AS account, status, created_at AS at FROM txns ORDER BY id DESC LIMIT 300').all() as {
    account: string;
    status: string;
    at: number;
  }[];
  const failures = new Map<string, number>();
  const settled = new Set<string>();
  const resumedAt = new Map(r.accounts.map((a) => [a.id, a.resumedAt ?? 0]));
  for (const row of recent) {
    if (settled.has(row.account)) continue;
    if (row.status === 'Success' || row.at < (resumedAt.get(row.account) ?? 0)) settled.add(row.account);
    else if (['Error', 'Failure', 'Unknown', 'NeedsAttention'].includes(row.status))
      failures.set(row.account, (failures.get(row.account) ?? 0) + 1);
  }
  return new Map(
    r.accounts.map((a) => [
      a.id,
      {
        spentTodayPaise: { [operator]: spent.get(a.id)?.[operator] ?? 0 },
        balancePaise: null,
        failuresInRow: failures.get(a.id) ?? 0,
        balanceCheckFailed: false,
      },
    ]),
  );
}

const wallet = () => ({ balancePaise: null, checkFailed: false });
const states = (r: RoutingRules = rules, operator: string | null = 'JIO') => accountStates(ledger, r, T0 + 60_000, wallet, operator);

describe("each account's state for the route, from the ledger", () => {
  it('counts the attempts in a row without a success since its last Success, per account', () => {
    row('main', 'Error');
    row('main', 'Success');
    row('main', 'Error', T0, { notProcessed: true });
    row('spare', 'Success');
    row('main', 'Unknown');
    row('main', 'Failure');
    row('main', 'Pending');
    expect(states().get('main')!.failuresInRow).toBe(3);
    expect(states().get('spare')!.failuresInRow).toBe(0);
  });

  it('counts from the owner’s resume, so the failures that paused an account do not pause it anew', () => {
    row('spare', 'Failure', T0);
    row('spare', 'Unknown', T0 + 10);
    row('spare', 'Error', T0 + 30);
    const resumed = (at: number) =>
      accountStates(
        ledger,
        { ...rules, accounts: rules.accounts.map((a) => (a.id === 'spare' ? { ...a, resumedAt: at } : a)) },
        T0 + 60_000,
        wallet,
        null,
      ).get('spare')!.failuresInRow;
    expect(states().get('spare')!.failuresInRow).toBe(3);
    expect(resumed(T0 + 20)).toBe(1);
    expect(resumed(T0 + 40)).toBe(0);
  });

  it("today's spend per operator leaves out what surely did not go, and yesterday", () => {
    row('main', 'Success');
    row('main', 'Pending');
    row('main', 'Failure');
    row('main', 'Error', T0, { notProcessed: true });
    row('main', 'Failure', T0, { failureConfirmed: true });
    // An Error the profile did not declare safe: nobody knows it did not go, so it counts.
    row('main', 'Error');
    row('spare', 'Success', T0 - 24 * 3600_000);
    // Success, Pending, an unconfirmed Failure and an undeclared Error may all have cost money.
    expect(states().get('main')!.spentTodayPaise).toEqual({ JIO: 4 * 23900 });
    expect(states().get('spare')!.spentTodayPaise.JIO ?? 0).toBe(0);
  });

  it('a cap still counts every attempt not definitely failed: the next amount past it skips the account', () => {
    // 699 rupees sent to main for Airtel today in three attempts, one of them still open and one an unconfirmed Failure.
    for (const [status, flags] of [
      ['Success', {}],
      ['Pending', {}],
      ['Failure', {}],
      ['Error', { notProcessed: true }],
    ] as const) {
      const refId = `A${String(++n).padStart(6, '0')}`;
      ledger.insertSubmitting({
        refId,
        number: '9876543210',
        operator: 'AT',
        amount: 23_300,
        rechargeDate: '2026-11-22',
        now: T0,
        accountId: 'main',
      });
      if (status !== 'Pending') ledger.update(refId, { status, nextCheckAt: null, ...flags }, 'reply', T0 + 1);
    }
    const skips = (amount: number) => decideRoute(rules, 'AT', amount, states(rules, 'AT')).steps.map((s) => s.skipped);
    expect(skips(11)).toEqual([null, null, 'amount_not_routed']);
    expect(skips(12)).toEqual(['cap_reached', null, 'amount_not_routed']);
    // The uncapped entry of the same account for larger amounts is not held by the cap.
    expect(skips(500)).toEqual(['amount_not_routed', null, null]);
  });

  it('gives the same states and decisions as a read of the whole day and of the newest 300 rows, on any ledger', () => {
    const rng = createRng(2911);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const statuses: TxnStatus[] = [
      'Success',
      'Success',
      'Pending',
      'Failure',
      'Error',
      'Unknown',
      'NeedsAttention',
      'Refunded',
      'Submitting',
    ];
    const db = ledgerDb(ledger);
    const insert = db.prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, account_id,
         not_processed, failure_confirmed, money_note) VALUES (?, '9876543210', ?, ?, ?, '2026-11-22', ?, ?, ?, ?, ?, ?)`,
    );
    for (let round = 0; round < 40; round++) {
      db.exec('DELETE FROM txns');
      // Around the window's edge; a provider down all along (spare never succeeds in some rounds);
      // rows from yesterday and clocks that went back; resumes at one of the account's last rows' own instant.
      const rows = round % 3 === 0 ? 290 + Math.floor(rng() * 20) : Math.floor(rng() * 700);
      const spareDown = round % 2 === 0;
      const times = new Map<string, number[]>();
      let account = 'main';
      for (let i = 0; i < rows; i++) {
        if (rng() < 0.2) account = pick(['main', 'spare', 'gone']);
        // The oldest row of the window and the one just before it: a run the window cuts.
        const edge = spareDown && (i === rows - 300 || i === rows - 301);
        if (edge) account = 'spare';
        const status = edge ? 'Unknown' : pick(statuses.filter((x) => !(spareDown && account === 'spare' && x === 'Success')));
        // Some at India's midnight itself: the first instant of today.
        const at = i % 25 === 0 ? istDayStart(istDate(T0)) : T0 - 20 * 3600_000 + Math.floor(rng() * 30 * 3600_000);
        times.set(account, [...(times.get(account) ?? []), at]);
        insert.run(
          `R${i}`,
          pick(['JIO', 'AT', 'VI', 'BSNL']),
          (1 + Math.floor(rng() * 300)) * 100,
          status,
          at,
          at,
          account,
          rng() < 0.3 ? 1 : 0,
          rng() < 0.5 ? 1 : 0,
          pick(['not_sent', null, null, 'kept']),
        );
      }
      const resumed: RoutingRules = {
        ...rules,
        accounts: rules.accounts.map((a) => (rng() < 0.6 && times.has(a.id) ? { ...a, resumedAt: pick(times.get(a.id)!.slice(-5)) } : a)),
      };
      for (const r of [rules, resumed])
        for (const op of ['JIO', 'AT', 'VI', 'BSNL']) {
          const now = states(r, op);
          const before = statesAsBefore(r, op);
          const capped = new Set((r.routes[op] ?? []).filter((e) => e.dailyCapRupees !== undefined).map((e) => e.account));
          for (const a of r.accounts) {
            expect(now.get(a.id)!.failuresInRow).toBe(before.get(a.id)!.failuresInRow);
            if (capped.has(a.id)) expect(now.get(a.id)!.spentTodayPaise[op]).toBe(before.get(a.id)!.spentTodayPaise[op]);
          }
          for (const amount of [10, 199, 300, 301, 999, 1000, 4000])
            expect(decideRoute(r, op, amount, now)).toEqual(decideRoute(r, op, amount, before));
        }
    }
  });

  it('reads the same states after the ledger is closed and opened again', () => {
    row('main', 'Success');
    row('spare', 'Failure');
    row('spare', 'Pending');
    row('spare', 'Unknown');
    const before = [states(), states(rules, 'AT'), states(rules, null)];
    ledger.close();
    ledger = Ledger.open(join(dir, 'ledger.db'));
    expect([states(), states(rules, 'AT'), states(rules, null)]).toEqual(before);
    expect(before[0]!.get('spare')).toMatchObject({ failuresInRow: 2, spentTodayPaise: { JIO: 3 * 23900 } });
  });

  it('a journal replayed onto a restored ledger keeps each attempt under its account and sale', () => {
    const first = row('main', 'Error', T0, { notProcessed: true });
    ledger.insertSubmitting({
      refId: 'S2ND',
      number: '9876543210',
      operator: 'JIO',
      amount: 23900,
      rechargeDate: '2026-11-22',
      now: T0 + 5,
      accountId: 'spare',
      saleId: first,
      attemptNo: 2,
    });
    const entries: JournalEntry[] = ledger.attemptsOf(first).map((txn) => ({ txn, event: null }));
    const restored = Ledger.open(join(dir, 'restored.db'));
    try {
      restored.replayJournal(entries, { snapshotAt: T0, now: Date.now() });
      expect(restored.attemptsOf(first).map((t) => [t.refId, t.accountId, t.attemptNo, t.notProcessed])).toEqual([
        [first, 'main', 1, true],
        ['S2ND', 'spare', 2, undefined],
      ]);
    } finally {
      restored.close();
    }
  });
});
