import { join } from 'node:path';
import { startSandbox, TEST_SUFFIXES, type Sandbox } from '../sandbox';
import type { DemoProvider } from './core/session/demo-provider';
import { DEFAULT_PROFILE_ID, type BuiltinProfileId } from '../shared/profiles/profile-ids';
import { makePrivateSync } from './core/data-folder/private-files';

const DEMO_USERNAME = '9876543210';
const DEMO_TOKEN = 'demo-practice-token';

export interface SandboxDemo {
  /** What the core calls to open demo mode. */
  readonly provider: DemoProvider;
  /** The sandbox demo mode is talking to now (tests and trainers drive it through its admin). */
  current(): Sandbox | null;
}

/**
 * Demo mode's provider: the built-in sandbox, in-process on a loopback port with a practice
 * account and a starting balance. Both composition roots (the app and the web harness) use it.
 */
export function sandboxDemo(options: { pendingMs?: number; dialect?: BuiltinProfileId } = {}): SandboxDemo {
  let current: Sandbox | null = null;
  return {
    current: () => current,
    provider: async (folder) => {
      const stateFile = join(folder, 'sandbox.db');
      const sandbox = await startSandbox({
        stateFile,
        username: DEMO_USERNAME,
        token: DEMO_TOKEN,
        balance: 5000,
        pendingMs: options.pendingMs ?? 5000,
        dialect: options.dialect ?? DEFAULT_PROFILE_ID,
        seed: Math.floor(Math.random() * 1e9),
      });
      current = sandbox;
      // Practice money only, but it sits among the books: private like them.
      makePrivateSync(stateFile, `${stateFile}-wal`, `${stateFile}-shm`);
      return {
        credentials: { baseUrl: sandbox.url, username: sandbox.credentials.username, token: sandbox.credentials.token },
        profile: options.dialect ?? DEFAULT_PROFILE_ID,
        // In digit order: an object lists integer-like keys first, so '0000' came last.
        practice: Object.entries(TEST_SUFFIXES)
          .map(([ending, plays]) => ({ ending, plays }))
          .sort((a, b) => a.ending.localeCompare(b.ending)),
        async close() {
          if (current === sandbox) current = null;
          await sandbox.close();
        },
      };
    },
  };
}
