import { OPERATORS } from '../operators';
import type { Settings } from '../settings-schema';
import type { RoutingRules } from './routing-schema';

/** The id the one account of today's Settings takes when routing is turned on. */
export const FIRST_ACCOUNT_ID = 'main';

/**
 * Today's one account as routing rules: routing off, every operator to the account of Settings,
 * no amount limits, no caps. What the app does with one account is what these rules decide, so
 * turning routing on starts from exactly today's behaviour.
 */
export function singleAccountRules(settings: Pick<Settings, 'provider'>, name: string): RoutingRules {
  const { baseUrl, username, profile } = settings.provider;
  return {
    version: 1,
    enabled: false,
    maxAttemptsPerSale: 2,
    pauseAfterFailures: 5,
    accounts: [{ id: FIRST_ACCOUNT_ID, name, profile, baseUrl, username, paused: false }],
    routes: Object.fromEntries(OPERATORS.map((o) => [o.code, [{ account: FIRST_ACCOUNT_ID }]])),
  };
}
