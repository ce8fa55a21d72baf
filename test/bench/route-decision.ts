import { OPERATORS } from '../../src/shared/operators';
import { chosenAccount, decideRoute, type AccountState } from '../../src/shared/routing/route-decision';
import { percentile, round } from './stats';
import { shopRules, typedSale } from './route-app';

/**
 * The pure decision alone (`decideRoute` on states given, no ledger): three accounts, every
 * operator, amounts across each operator's whole range, states with spend, balances and failures.
 * Timed one decision at a time, as typed. The app's whole path, states read from the ledger, is
 * `route_decision_us_*` (route-app.ts).
 */
export function routeDecisionBench(rounds = 20_000): Record<string, number> {
  const rules = shopRules();
  const spend = Object.fromEntries(OPERATORS.map((o, i) => [o.code, i * 150_000]));
  const states = new Map<string, AccountState>([
    ['main', { spentTodayPaise: spend, balancePaise: 600_000, failuresInRow: 1, balanceCheckFailed: false }],
    ['cheap', { spentTodayPaise: spend, balancePaise: 90_000, failuresInRow: 0, balanceCheckFailed: false }],
    ['spare', { spentTodayPaise: spend, balancePaise: null, failuresInRow: 5, balanceCheckFailed: false }],
  ]);
  let seed = 29;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const times: number[] = [];
  let routed = 0;
  for (let i = 0; i < rounds; i++) {
    const { op, amount } = typedSale(i, rand);
    const tried = rand() < 0.1 ? ['cheap'] : [];
    const t = process.hrtime.bigint();
    const d = decideRoute(rules, op.code, amount, states, tried);
    const chosen = chosenAccount(d);
    times.push(Number(process.hrtime.bigint() - t) / 1e3);
    if (chosen) routed++;
  }
  return {
    route_decide_pure_us_p50: round(percentile(times, 50), 1),
    route_decide_pure_us_p95: round(percentile(times, 95), 1),
    route_decide_pure_routed_share: round(routed / rounds, 2),
  };
}
