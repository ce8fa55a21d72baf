import { OPERATORS } from '../../../src/shared/operators';
import type { RouteEntry, RoutingRules } from '../../../src/shared/routing/routing-schema';

/**
 * A shop with three providers: Jio's ₹199–₹999 plans go to the cheap one first with a daily cap,
 * then the main one, then a spare; every other operator to main, then the spare.
 */
export function threeAccountRules(): RoutingRules {
  const rest: RouteEntry[] = [{ account: 'main' }, { account: 'spare' }];
  return {
    version: 1,
    enabled: true,
    maxAttemptsPerSale: 2,
    pauseAfterFailures: 3,
    accounts: [
      {
        id: 'main',
        name: 'Main Provider',
        profile: 'document',
        baseUrl: 'https://main.example/api',
        username: '9000000001',
        paused: false,
      },
      { id: 'cheap', name: 'Cheap Jio', profile: 'caps-json', baseUrl: 'https://cheap.example', username: 'shop12', paused: false },
      { id: 'spare', name: 'Spare', profile: 'code-xml', baseUrl: 'https://spare.example', username: 'S-77', paused: false },
    ],
    routes: Object.fromEntries(
      OPERATORS.map((o) => [
        o.code,
        o.code === 'JIO' ? [{ account: 'cheap', amounts: { kind: 'range', min: 199, max: 999 }, dailyCapRupees: 5000 }, ...rest] : rest,
      ]),
    ),
  };
}
