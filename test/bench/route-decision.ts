import { OPERATORS } from '../../src/shared/operators';
import { chosenAccount, decideRoute, type AccountState } from '../../src/shared/routing/route-decision';
import { checkRoutingRules } from '../../src/shared/routing/routing-check';
import type { RoutingRules } from '../../src/shared/routing/routing-schema';
import { percentile, round } from './stats';

/**
 * What choosing an account costs at the counter (issue 29, goal ≤ 100 µs p95): three accounts,
 * every operator routed with amount lists, ranges and caps, states with spend, balances and
 * failures, amounts across each operator's whole range. Timed one decision at a time, as typed.
 */
function shopRules(): RoutingRules {
  const routes = Object.fromEntries(
    OPERATORS.map((o) => [
      o.code,
      [
        { account: 'cheap', amounts: { kind: 'list' as const, amounts: o.popularAmounts.slice() }, dailyCapRupees: 20_000 },
        { account: 'main', amounts: { kind: 'range' as const, min: o.minAmount, max: Math.floor(o.maxAmount / 2) } },
        { account: 'spare', dailyCapRupees: 50_000 },
        { account: 'main', amounts: { kind: 'range' as const, min: Math.floor(o.maxAmount / 2) + 1, max: o.maxAmount } },
      ],
    ]),
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
    const op = OPERATORS[i % OPERATORS.length]!;
    const amount =
      rand() < 0.5
        ? op.popularAmounts[i % op.popularAmounts.length]!
        : op.minAmount + Math.floor(rand() * (op.maxAmount - op.minAmount + 1));
    const tried = rand() < 0.1 ? ['cheap'] : [];
    const t = process.hrtime.bigint();
    const d = decideRoute(rules, op.code, amount, states, tried);
    const chosen = chosenAccount(d);
    times.push(Number(process.hrtime.bigint() - t) / 1e3);
    if (chosen) routed++;
  }
  return {
    route_decision_us_p50: round(percentile(times, 50), 1),
    route_decision_us_p95: round(percentile(times, 95), 1),
    route_decision_routed_share: round(routed / rounds, 2),
  };
}
