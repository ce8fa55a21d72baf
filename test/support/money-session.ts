import { EventBus } from '../../src/main/core/events/event-bus';
import { NoticeBoard } from '../../src/main/core/notices/notice-board';
import type { NotSentRule } from '../../src/main/core/poller/after-answer';
import { openProviderSession, type ProviderSession } from '../../src/main/core/session/provider-session';
import { settingsSchema } from '../../src/shared/settings-schema';
import type { BuiltinProfileId } from '../../src/shared/profiles/profile-ids';
import { makeTempDir, removeTempDir } from './temp-folder';
import { readFileSync } from 'node:fs';
import { ProfileStore } from '../../src/main/core/profiles/profile-store';
import type { BalanceGate } from '../../src/main/core/balance/balance-gate';

export const FAST_TIMEOUTS = { connectMs: 500, headersMs: 1500, bodyMs: 1500, totalMs: 3000 };

/**
 * The real provider session (ledger file, client, poller, services) against a loopback provider,
 * with a clock the test may hold. First checks are far off so only the test decides when to check.
 */
export async function openMoneySession(o: {
  baseUrl: string;
  username?: string;
  token?: string;
  now?: () => number;
  prefix?: string;
  firstCheckSeconds?: number;
  notSentRule?: NotSentRule;
  /** How often the wallet is read on its own; left out, the app's once a minute (longer than a test). */
  balanceEveryMs?: number;
  /** The provider profile the session speaks; left out, the document's. */
  profile?: BuiltinProfileId;
  /** The shop's UPI ID and name; none unless given. */
  upi?: { vpa: string; payee: string };
  /** A profile file (test/fixtures/profiles), imported into the data folder's profile store as the app keeps one; overrides `profile`. */
  profileFile?: string;
  /** The data folder of an earlier session, to open it again (a restart); left out, a new one. */
  dir?: string;
  /** The core's record of balance reads, kept across sessions. */
  balanceGate?: BalanceGate;
  /** The provider's minute for its status-check limit, shortened. */
  statusWindowMs?: number;
}): Promise<{ session: ProviderSession; dir: string; notices: NoticeBoard; close: () => Promise<void>; stop: () => Promise<void> }> {
  const dir = o.dir ?? makeTempDir('money');
  const store = new ProfileStore(dir);
  let profileId: string = o.profile ?? 'document';
  if (o.profileFile) {
    const text = readFileSync(new URL(`../fixtures/profiles/${o.profileFile}`, import.meta.url), 'utf8');
    const engine = store.read(text);
    if (store.text(engine.profile.id) === null) store.save(engine, text);
    profileId = engine.profile.id;
  }
  const settings = settingsSchema.parse({
    version: 1,
    installPrefix: o.prefix ?? 'TEST',
    poller: { firstCheckSeconds: o.firstCheckSeconds ?? 600, maxIntervalMinutes: 60, ratePerSecond: 50 },
    recharge: { duplicateWindowMinutes: 0 },
    provider: { baseUrl: '', username: '', profile: profileId },
    ...(o.upi ? { upi: o.upi } : {}),
  });
  const events = new EventBus();
  const notices = new NoticeBoard({ events, now: o.now });
  const session = await openProviderSession(
    { mode: 'live', credentials: { baseUrl: o.baseUrl, username: o.username ?? '9876543210', token: o.token ?? 'demo-token-not-secret' } },
    {
      dataDir: dir,
      settings: () => settings,
      events,
      notices,
      now: o.now,
      notSentRule: o.notSentRule,
      balanceEveryMs: o.balanceEveryMs,
      timeouts: FAST_TIMEOUTS,
      profiles: (id) => store.engine(id),
      profileByTag: (tag) => store.engineByTag(tag),
      balanceGate: o.balanceGate,
      statusWindowMs: o.statusWindowMs,
    },
  );
  return {
    session,
    dir,
    notices,
    stop: () => session.close(),
    async close() {
      await session.close();
      removeTempDir(dir);
    },
  };
}

/** A clock a test holds and moves. */
export function heldClock(start: number) {
  const clock = { t: start, now: () => clock.t, advance: (ms: number) => (clock.t += ms) };
  return clock;
}
