import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { checkAccount, checkUsername } from '../auth/account-rules';

type Fault = OutcomeOf<'routing_refused'>['params']['faults'][number];

const FAULT_OF = {
  not_https: 'account_not_https',
  invalid_url: 'account_invalid_url',
  invalid_username: 'account_invalid_username',
} as const;

/**
 * What Settings refuses for its one account, asked of every other account too (the first one is
 * Settings' own and was checked there), and whether each account's profile is on this computer.
 * Answers the faults, and the accounts with their address and username as they will be used.
 */
export function accountFaults(
  rules: RoutingRules,
  profileExists: (id: string) => boolean,
): { faults: Fault[]; accounts: RoutingRules['accounts'] } {
  const faults: Fault[] = [];
  const accounts = rules.accounts.map((a) => {
    if (a.id === FIRST_ACCOUNT_ID) return a;
    const label = a.name.slice(0, 40);
    if (!profileExists(a.profile)) faults.push({ fault: 'account_profile_missing', account: label });
    const checked = checkAccount(a.baseUrl, a.username);
    if (!checked.ok) {
      faults.push({ fault: FAULT_OF[checked.code], account: label });
      // An address refused stops the check there; the username is named too, so one save shows all.
      if (checked.code !== 'invalid_username' && checkUsername(a.username) === null)
        faults.push({ fault: 'account_invalid_username', account: label });
      return a;
    }
    return { ...a, baseUrl: checked.baseUrl, username: checked.username };
  });
  return { faults, accounts };
}
