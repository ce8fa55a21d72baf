import type { AmountMatch, RouteEntry, RoutingRules } from '../../../../shared/routing/routing-schema';

type Account = RoutingRules['accounts'][number];

/** A new account's id: permanent (its token's vault key), so a plain number, never its name. */
export function newAccountId(rules: RoutingRules): { id: string; n: number } {
  const taken = new Set(rules.accounts.map((a) => a.id));
  let n = rules.accounts.length + 1;
  while (taken.has(`account-${n}`)) n++;
  return { id: `account-${n}`, n };
}

export function addAccount(rules: RoutingRules, name: (n: number) => string): RoutingRules {
  const { id, n } = newAccountId(rules);
  const first = rules.accounts[0];
  const account: Account = { id, name: name(n), profile: first?.profile ?? 'document', baseUrl: '', username: '', paused: false };
  return { ...rules, accounts: [...rules.accounts, account] };
}

export function changeAccount(rules: RoutingRules, id: string, change: Partial<Account>): RoutingRules {
  return { ...rules, accounts: rules.accounts.map((a) => (a.id === id ? { ...a, ...change } : a)) };
}

/** Removed from the list only: a route that still names it is refused on save, in words. */
export function removeAccount(rules: RoutingRules, id: string): RoutingRules {
  return { ...rules, accounts: rules.accounts.filter((a) => a.id !== id) };
}

function withRoute(rules: RoutingRules, operator: string, route: RouteEntry[]): RoutingRules {
  return { ...rules, routes: { ...rules.routes, [operator]: route } };
}

export function changeEntry(rules: RoutingRules, operator: string, i: number, change: Partial<RouteEntry>): RoutingRules {
  const route = (rules.routes[operator] ?? []).map((e, j) => (j === i ? { ...e, ...change } : e));
  return withRoute(rules, operator, route);
}

export function moveEntry(rules: RoutingRules, operator: string, i: number, by: -1 | 1): RoutingRules {
  const route = [...(rules.routes[operator] ?? [])];
  const j = i + by;
  if (j < 0 || j >= route.length) return rules;
  [route[i], route[j]] = [route[j]!, route[i]!];
  return withRoute(rules, operator, route);
}

export function removeEntry(rules: RoutingRules, operator: string, i: number): RoutingRules {
  return withRoute(
    rules,
    operator,
    (rules.routes[operator] ?? []).filter((_, j) => j !== i),
  );
}

export function addEntry(rules: RoutingRules, operator: string): RoutingRules {
  const route = rules.routes[operator] ?? [];
  const unused = rules.accounts.find((a) => !route.some((e) => e.account === a.id)) ?? rules.accounts[0];
  return withRoute(rules, operator, [...route, { account: unused?.id ?? '' }]);
}

/**
 * Whole rupees as typed; what is not a whole number stays in the rules as not-a-number, so the
 * save is refused where it is wrong rather than the typing being changed behind the owner's back.
 */
export function wholeOf(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function listOf(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map(wholeOf);
}

/** A new range starts as everything the operator takes, which the owner then narrows. */
export function amountsOfKind(
  kind: 'all' | AmountMatch['kind'],
  current: AmountMatch | undefined,
  limits: { minAmount: number; maxAmount: number },
): AmountMatch | undefined {
  if (kind === 'all') return undefined;
  if (current?.kind === kind) return current;
  return kind === 'list' ? { kind: 'list', amounts: [] } : { kind: 'range', min: limits.minAmount, max: limits.maxAmount };
}
