import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { Profile } from '../../../shared/profiles/profile-v2';
import type { RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { declaresV1, placeOf, plainValues } from '../auth/account-credentials';
import { checkAccount, checkTyped, checkUsername } from '../auth/account-rules';

type Fault = OutcomeOf<'routing_refused'>['params']['faults'][number];
type Account = RoutingRules['accounts'][number];

const FAULT_OF = {
  not_https: 'account_not_https',
  invalid_url: 'account_invalid_url',
  invalid_username: 'account_invalid_username',
  credential_invalid: 'account_invalid_credential',
} as const;

/** Version 1's account: today's address and 10-digit username, both named so one save shows all. */
function v1Faults(a: Account, label: string, faults: Fault[]): Account {
  const checked = checkAccount(a.baseUrl, a.username);
  if (checked.ok) return { ...a, baseUrl: checked.baseUrl, username: checked.username };
  faults.push({ fault: FAULT_OF[checked.code], account: label });
  if (checked.code !== 'invalid_username' && checkUsername(a.username) === null)
    faults.push({ fault: 'account_invalid_username', account: label });
  return a;
}

/** Any other profile's account: its address and every plain credential it declares, as Settings checks them. */
function declaredFaults(p: Profile, a: Account, label: string, faults: Fault[]): Account {
  const typed = checkTyped(p, a.baseUrl, plainValues(p, a));
  if (!typed.ok) {
    faults.push({ fault: FAULT_OF[typed.error.code], account: label });
    return a;
  }
  return { ...a, baseUrl: typed.baseUrl, ...placeOf(p, typed.plain) };
}

/**
 * What Settings refuses for its one account, asked of every other account too (the first one is
 * Settings' own and was checked there) by the credentials its own profile declares, and whether
 * each account's profile is on this computer. Answers the faults, and the accounts with their
 * address and credentials as they will be used.
 */
export function accountFaults(
  rules: RoutingRules,
  profileOf: (id: string) => Profile | null,
): { faults: Fault[]; accounts: RoutingRules['accounts'] } {
  const faults: Fault[] = [];
  const accounts = rules.accounts.map((a) => {
    if (a.id === FIRST_ACCOUNT_ID) return a;
    const label = a.name.slice(0, 40);
    const p = profileOf(a.profile);
    if (!p) faults.push({ fault: 'account_profile_missing', account: label });
    return !p || declaresV1(p) ? v1Faults(a, label, faults) : declaredFaults(p, a, label, faults);
  });
  return { faults, accounts };
}
