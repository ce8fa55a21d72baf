import type { Sandbox } from '../../src/sandbox';
import { OPERATORS } from '../../src/shared/operators';
import type { RoutingRules } from '../../src/shared/routing/routing-schema';

type Entry = RoutingRules['routes'][string][number];

/**
 * Two provider accounts (issue 29): the first account of Settings ("Main Provider", the document's
 * words) and a spare on `spare` ("Spare Provider", hash-text). Every operator routes main → spare
 * unless `route` says otherwise for it.
 */
export function twoAccountRules(spare: Sandbox, enabled = true, route?: (operator: string) => Entry[] | undefined): RoutingRules {
  return {
    version: 1,
    enabled,
    maxAttemptsPerSale: 2,
    pauseAfterFailures: 5,
    accounts: [
      { id: 'main', name: 'Main Provider', profile: 'document', baseUrl: '', username: '', paused: false },
      {
        id: 'spare',
        name: 'Spare Provider',
        profile: 'hash-text',
        baseUrl: spare.url,
        username: spare.credentials.username,
        paused: false,
      },
    ],
    routes: Object.fromEntries(OPERATORS.map((o) => [o.code, route?.(o.code) ?? [{ account: 'main' }, { account: 'spare' }]])),
  };
}
