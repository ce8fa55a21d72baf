import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { SaleRouter } from '../../src/main/core/routing/sale-router';
import { ProviderAccounts, type AccountLink } from '../../src/main/core/routing/provider-accounts';
import { fixedRouting } from '../../src/main/core/routing/routing-source';
import type { ResellerClient } from '../../src/main/core/reseller/reseller-client';
import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import { OPERATORS } from '../../src/shared/operators';
import { istDate, istDayStart } from '../../src/shared/ist-date';
import { checkRoutingRules } from '../../src/shared/routing/routing-check';
import type { RoutingRules } from '../../src/shared/routing/routing-schema';
import { createRng } from '../../src/sandbox/rng';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { FIXTURE_END, ledgerFixture } from './ledger-fixture';
import { dropPageCache } from './page-cache';
import { percentile, round } from './stats';

const DAY = 86_400_000;
const ACCOUNTS = ['main', 'cheap', 'spare'] as const;
/**
 * The busy day: the fixture's own rows of that day (about 1,000) spread over the accounts and
 * topped up to this; the timed sales add their own, so the day goes from 1,000 to 2,000 attempts.
 */
const TODAY_ROWS = 1_000;
const COLD_RUNS = 3;
const CAPPED: ReadonlySet<string> = new Set(['JIO', 'AT', 'VI', 'BSNL', 'BSNLSTV']);

/**
 * A shop's rules with three accounts: mobile operators go first to a cheap account for their
 * popular amounts under a daily cap, then by amount range to main, with a capped spare between;
 * DTH operators route by range with no cap at all. So both shapes are timed: with a cap (today's
 * spend is read) and without.
 */
export function shopRules(): RoutingRules {
  const routes = Object.fromEntries(
    OPERATORS.map((o) => {
      const half = Math.floor(o.maxAmount / 2);
      const low = { account: 'main', amounts: { kind: 'range' as const, min: o.minAmount, max: half } };
      const high = { account: 'main', amounts: { kind: 'range' as const, min: half + 1, max: o.maxAmount } };
      return [
        o.code,
        CAPPED.has(o.code)
          ? [
              { account: 'cheap', amounts: { kind: 'list' as const, amounts: o.popularAmounts.slice() }, dailyCapRupees: 20_000 },
              low,
              { account: 'spare', dailyCapRupees: 50_000 },
              high,
            ]
          : [low, { account: 'spare' }, high],
      ];
    }),
  );
  const account = (id: string, profile: string) => ({
    id,
    name: id,
    profile,
    baseUrl: `https://${id}.example`,
    username: 'u',
    paused: false,
  });
  const raw = {
    version: 1,
    enabled: true,
    accounts: [account('main', 'document'), account('cheap', 'caps-json'), account('spare', 'code-xml')],
    routes,
  };
  const checked = checkRoutingRules(raw);
  if (!checked.ok) throw new Error(`bench rules refused: ${JSON.stringify(checked.error)}`);
  return checked.rules;
}

/**
 * The fixture's two years (1,000,000 rows) with a busy last day: 1,000 attempts so far across the three
 * accounts and every operator, the statuses the fixture gives (some open, some failed, some
 * refused), the last month's rows spread over the accounts too, and the spare account ending on a
 * run of timeouts (so it has paused itself: the decision must count that run).
 */
function busyLedger(file: string, now: number): void {
  copyFileSync(ledgerFixture(), file);
  const ledger = Ledger.open(file);
  const db = ledgerDb(ledger);
  const dayStart = istDayStart(istDate(now));
  const rng = createRng(29);
  db.transaction(() => {
    db.prepare(
      `UPDATE txns SET account_id = CASE id % 3 WHEN 0 THEN 'main' WHEN 1 THEN 'cheap' ELSE 'spare' END WHERE created_at >= ?`,
    ).run(dayStart - 30 * DAY);
    const have = db.prepare('SELECT count(*) FROM txns WHERE created_at >= ?').pluck().get(dayStart) as number;
    const insert = db.prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, account_id, attempt_no,
         not_processed, failure_confirmed, route_json) VALUES (?, ?, 'JIO', ?, ?, ?, ?, ?, ?, 1, ?, ?, '{}')`,
    );
    for (let i = have; i < TODAY_ROWS; i++) {
      const at = dayStart + Math.floor(rng() * (now - dayStart - 600_000));
      const roll = rng();
      const status = roll < 0.86 ? 'Success' : roll < 0.9 ? 'Pending' : roll < 0.95 ? 'Failure' : 'Error';
      const account = ACCOUNTS[i % 3]!;
      insert.run(
        `RB${String(i).padStart(8, '0')}`,
        `98${String(i).padStart(8, '0')}`,
        23_900,
        status,
        istDate(at),
        at,
        at + 2000,
        account,
        status === 'Error' ? 1 : 0,
        status === 'Failure' && rng() < 0.5 ? 1 : 0,
      );
    }
    // Today's rows over every operator, with each operator's own amounts.
    const today = db.prepare('SELECT id FROM txns WHERE created_at >= ? ORDER BY id').pluck().all(dayStart) as number[];
    const move = db.prepare('UPDATE txns SET operator = ?, amount = ?, account_id = ? WHERE id = ?');
    today.forEach((id, i) => {
      const op = OPERATORS[i % OPERATORS.length]!;
      move.run(op.code, op.popularAmounts[i % op.popularAmounts.length]! * 100, ACCOUNTS[Math.floor(rng() * 3)]!, id);
    });
    // The spare account's last ten attempts timed out: it has paused itself (pauseAfterFailures 5).
    db.prepare(
      `UPDATE txns SET status = 'Unknown' WHERE id IN (SELECT id FROM txns WHERE account_id = 'spare' ORDER BY id DESC LIMIT 10)`,
    ).run();
  })();
  ledger.close();
}

function openRouter(ledger: Ledger, rules: RoutingRules, now: () => number): SaleRouter {
  // The real built-in profile: the router reads each account's amount limits from it per decision.
  const profile = builtinEngine();
  const link = (id: string): AccountLink => ({ id, client: {} as ResellerClient, profile, usable: true });
  const accounts = new ProviderAccounts({ main: link('main'), routing: fixedRouting(rules), open: (a) => link(a.id) });
  const wallets: Record<string, number | null> = { main: 2_500_000, cheap: 400_000, spare: null };
  return new SaleRouter({ accounts, ledger, now, wallet: (id) => ({ balancePaise: wallets[id] ?? null, checkFailed: false }) });
}

/** The i-th recharge typed: the operators in turn, half a popular amount, half any amount the operator takes. */
export function typedSale(i: number, rand: () => number): { op: (typeof OPERATORS)[number]; amount: number } {
  const op = OPERATORS[i % OPERATORS.length]!;
  const amount =
    rand() < 0.5 ? op.popularAmounts[i % op.popularAmounts.length]! : op.minAmount + Math.floor(rand() * (op.maxAmount - op.minAmount + 1));
  return { op, amount };
}

const micros = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e3;

/**
 * What choosing an account really costs at the counter (issue 29, goal ≤ 100 µs p95): the app's
 * `SaleRouter` on a real SQLite ledger of 1,000,000 rows with a busy day, each account's state
 * read from the ledger as the app reads it, across every operator (capped and uncapped routes)
 * and amounts across each one's range. Per sale, as at the counter: `preview()` (the
 * confirmation), `first()` (at submit), then its row written (fsync'd) and answered; a refused
 * attempt asks `next()`. `route_decision_us_*` is `first()`: warm, right after the preview.
 * `preview()` and `next()` come right after a write, so they also pay for a CPU that waited on
 * the disk (here even a trivial query is several times slower after a 2 ms wait): reported apart.
 * Cold: the first decision after opening the ledger, the page cache dropped when the bench may.
 * The pure `decideRoute` on given states is `route_decide_pure_us_*` (route-decision.ts).
 */
export function routeAppBench(rounds = 1_000): Record<string, number | boolean> {
  const dir = makeTempDir('route-app');
  try {
    const file = join(dir, 'ledger.db');
    let now = FIXTURE_END;
    busyLedger(file, now);
    const rules = shopRules();
    // Cold: the first decision after opening the ledger, the page cache dropped (when the bench may), a few times.
    const colds: number[] = [];
    let dropped = true;
    for (let i = 0; i < COLD_RUNS; i++) {
      dropped = dropPageCache() && dropped;
      const cold = Ledger.open(file);
      const t = process.hrtime.bigint();
      openRouter(cold, rules, () => now).first('JIO', 239);
      colds.push(micros(t));
      cold.close();
    }
    const ledger = Ledger.open(file);
    try {
      const router = openRouter(ledger, rules, () => now);
      let t: bigint;
      const rng = createRng(7);
      const times = { capped: [] as number[], uncapped: [] as number[], preview: [] as number[], next: [] as number[] };
      let refused = 0;
      for (let i = 0; i < rounds; i++) {
        const { op, amount } = typedSale(i, rng);
        now += 4_000;
        t = process.hrtime.bigint();
        router.preview(op.code, amount);
        times.preview.push(micros(t));
        let account: string;
        t = process.hrtime.bigint();
        try {
          account = router.first(op.code, amount).account;
        } catch {
          account = '';
        }
        (CAPPED.has(op.code) ? times.capped : times.uncapped).push(micros(t));
        if (account === '') {
          refused++;
          continue;
        }
        // Its row, and its answer: most succeed, some are refused (not carried out) and go on.
        const refId = `RA${String(i).padStart(8, '0')}`;
        ledger.insertSubmitting({
          refId,
          number: '9876500000',
          operator: op.code,
          amount: amount * 100,
          rechargeDate: istDate(now),
          now,
          accountId: account,
          routeJson: '{}',
        });
        const refusedHere = rng() < 0.1;
        const { after } = ledger.update(
          refId,
          refusedHere ? { status: 'Error', nextCheckAt: null, notProcessed: true } : { status: 'Success', nextCheckAt: null },
          'reply',
          now + 1,
        );
        if (refusedHere) {
          t = process.hrtime.bigint();
          router.next([after]);
          times.next.push(micros(t));
        }
      }
      const all = [...times.capped, ...times.uncapped];
      return {
        route_decision_us_p50: round(percentile(all, 50), 1),
        route_decision_us_p95: round(percentile(all, 95), 1),
        route_decision_capped_us_p95: round(percentile(times.capped, 95), 1),
        route_decision_uncapped_us_p95: round(percentile(times.uncapped, 95), 1),
        route_preview_after_write_us_p50: round(percentile(times.preview, 50), 1),
        route_preview_after_write_us_p95: round(percentile(times.preview, 95), 1),
        route_next_after_answer_us_p95: round(percentile(times.next, 95), 1),
        route_decision_cold_us_p50: round(percentile(colds, 50), 0),
        route_decision_cold_us_max: round(Math.max(...colds), 0),
        route_decision_cold_page_cache_dropped: dropped,
        route_decision_refused_share: round(refused / rounds, 2),
      };
    } finally {
      ledger.close();
    }
  } finally {
    removeTempDir(dir);
  }
}
