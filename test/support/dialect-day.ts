import { afterEach } from 'vitest';
import { startSandbox, type Sandbox, type StartOptions } from '../../src/sandbox';
import { ResellerClient, DEFAULT_TIMEOUTS, type ProviderCredentials } from '../../src/main/core/reseller/reseller-client';
import type { ProfileEngine } from '../../src/shared/profiles/profile-engine';
import { fakeClock } from '../sandbox/client';

export interface DialectDay {
  /** The real client, reading the dialect through `engine`. */
  readonly c: ResellerClient;
  readonly s: Sandbox;
  /** The simulator's pending recharges settle: its clock moves past `pendingMs`. */
  readonly later: () => void;
}

/**
 * A shop day against the sandbox speaking one dialect on loopback, on a held clock, through the
 * real client. Call at a test file's top level: each day opened is closed after its test. The
 * credentials default to the sandbox account's username and `options.token`.
 */
export function dialectDays() {
  const open: DialectDay[] = [];
  afterEach(async () => {
    for (const d of open.splice(0)) {
      await d.c.close();
      await d.s.close();
    }
  });
  return async (
    options: Omit<StartOptions, 'now'>,
    engine: ProfileEngine,
    credentials?: (s: Sandbox) => ProviderCredentials,
  ): Promise<DialectDay> => {
    const clock = fakeClock();
    const s = await startSandbox({ pendingMs: 5000, balance: 1000, ...options, now: clock.now });
    const given = credentials?.(s) ?? { baseUrl: s.url, username: s.credentials.username, token: options.token ?? '' };
    const c = new ResellerClient(() => given, DEFAULT_TIMEOUTS, engine);
    const later = () => {
      clock.advance(options.pendingMs ?? 5000);
      s.admin.tick();
    };
    const day = { c, s, later };
    open.push(day);
    return day;
  };
}
