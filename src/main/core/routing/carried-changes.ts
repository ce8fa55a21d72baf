import { routingRulesSchema, type RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';

/** One change a move file would make to the routing accounts, as the owner confirms it: before and after. */
export interface CarriedChange {
  readonly account: string;
  readonly what: 'added' | 'removed' | 'address' | 'username' | 'profile' | 'routes';
  readonly before: string;
  readonly after: string;
}

const PLACES = [
  ['address', 'baseUrl'],
  ['username', 'username'],
  ['profile', 'profile'],
] as const;

const short = (s: string) => s.slice(0, 120);

/**
 * What carried routing rules would change here, account by account (the first account is Settings'
 * own and compared there): a file anyone could have written never points an account elsewhere
 * unseen. Rules that do not parse change nothing (they are refused when kept).
 */
export function carriedChanges(current: RoutingRules, text: string): CarriedChange[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = routingRulesSchema.safeParse(raw);
  if (!parsed.success) return [];
  const next = parsed.data;
  const others = (r: RoutingRules) => r.accounts.filter((a) => a.id !== FIRST_ACCOUNT_ID);
  const changes: CarriedChange[] = [];
  for (const a of others(next)) {
    const old = current.accounts.find((b) => b.id === a.id);
    if (!old) changes.push({ account: short(a.name), what: 'added', before: '', after: short(`${a.profile} ${a.baseUrl} ${a.username}`) });
    else
      for (const [what, key] of PLACES)
        if (old[key] !== a[key]) changes.push({ account: short(a.name), what, before: short(old[key]), after: short(a[key]) });
  }
  for (const old of others(current))
    if (!next.accounts.some((a) => a.id === old.id))
      changes.push({ account: short(old.name), what: 'removed', before: short(old.baseUrl), after: '' });
  if (next.enabled !== current.enabled || JSON.stringify(next.routes) !== JSON.stringify(current.routes))
    changes.push({ account: '', what: 'routes', before: current.enabled ? 'on' : 'off', after: next.enabled ? 'on' : 'off' });
  return changes.slice(0, 20);
}
