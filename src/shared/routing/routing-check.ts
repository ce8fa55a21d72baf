import { OPERATORS, findOperator, type OperatorInfo } from '../operators';
import { outcome, type OutcomeOf, type RoutingFaultKind } from '../outcomes/outcome-registry';
import { routingRulesSchema, type AmountMatch, type RouteEntry, type RoutingRules } from './routing-schema';

export interface RoutingFault {
  readonly fault: RoutingFaultKind;
  readonly operator?: string;
  /** The account as the owner named it (its name when known, else the id typed). */
  readonly account?: string;
  readonly amount?: number;
}

export type RoutingCheck =
  { ok: true; rules: RoutingRules } | { ok: false; error: OutcomeOf<'routing_unreadable'> | OutcomeOf<'routing_refused'> };

/** The words list every fault; past this many the owner has enough to start with. */
const MAX_FAULTS = 20;

/** The amounts an entry takes, clipped to what the operator allows, as inclusive spans. */
function spans(match: AmountMatch | undefined, op: OperatorInfo): Array<[number, number]> {
  if (!match) return [[op.minAmount, op.maxAmount]];
  if (match.kind === 'range') return [[Math.max(match.min, op.minAmount), Math.min(match.max, op.maxAmount)]];
  return match.amounts.filter((a) => a >= op.minAmount && a <= op.maxAmount).map((a): [number, number] => [a, a]);
}

function overlapAt(a: RouteEntry, b: RouteEntry, op: OperatorInfo): number | null {
  for (const [lo1, hi1] of spans(a.amounts, op))
    for (const [lo2, hi2] of spans(b.amounts, op)) if (Math.max(lo1, lo2) <= Math.min(hi1, hi2)) return Math.max(lo1, lo2);
  return null;
}

function entryFaults(entry: RouteEntry, op: OperatorInfo, account: string): RoutingFault[] {
  const faults: RoutingFault[] = [];
  const at = { operator: op.code, account };
  if (entry.dailyCapRupees !== undefined && entry.dailyCapRupees < 0) faults.push({ fault: 'cap_negative', ...at });
  const m = entry.amounts;
  if (m?.kind === 'range' && m.min > m.max) faults.push({ fault: 'range_reversed', ...at });
  else if (m?.kind === 'range' && (m.max < op.minAmount || m.min > op.maxAmount))
    faults.push({ fault: 'amount_outside', ...at, amount: m.min });
  for (const a of m?.kind === 'list' ? m.amounts : [])
    if (a < op.minAmount || a > op.maxAmount) faults.push({ fault: 'amount_outside', ...at, amount: a });
  return faults;
}

/**
 * Rules that parse but would route wrongly are refused whole, every fault named, so nothing half
 * right is ever saved: an operator no account serves (its recharges would have nowhere to go), an
 * account named that does not exist, one account listed twice for amounts that overlap (which of
 * its caps holds?), a cap below zero, and a route whose every account is paused.
 */
export function checkRoutingRules(raw: unknown): RoutingCheck {
  const parsed = routingRulesSchema.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    return { ok: false, error: outcome('routing_unreadable', { where: where.slice(0, 200) }) };
  }
  const rules = parsed.data;
  const faults: RoutingFault[] = [];
  const byId = new Map<string, (typeof rules.accounts)[number]>();
  for (const a of rules.accounts) {
    if (byId.has(a.id)) faults.push({ fault: 'account_repeated', account: a.id });
    byId.set(a.id, a);
  }
  for (const code of Object.keys(rules.routes))
    if (findOperator(code)?.code !== code) faults.push({ fault: 'operator_unknown', operator: code.slice(0, 20) });
  for (const op of OPERATORS) {
    const entries = rules.routes[op.code] ?? [];
    if (entries.length === 0) {
      faults.push({ fault: 'no_account', operator: op.code });
      continue;
    }
    entries.forEach((entry, i) => {
      const account = byId.get(entry.account);
      const label = account?.name ?? entry.account.slice(0, 40);
      if (!account) faults.push({ fault: 'unknown_account', operator: op.code, account: label });
      faults.push(...entryFaults(entry, op, label));
      for (const later of entries.slice(i + 1)) {
        if (later.account !== entry.account) continue;
        const amount = overlapAt(entry, later, op);
        if (amount !== null) faults.push({ fault: 'ranges_overlap', operator: op.code, account: label, amount });
      }
    });
    if (entries.every((e) => byId.get(e.account)?.paused === true)) faults.push({ fault: 'only_paused', operator: op.code });
  }
  if (faults.length > 0) return { ok: false, error: outcome('routing_refused', { faults: faults.slice(0, MAX_FAULTS) }) };
  return { ok: true, rules };
}
