import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { createCore, type Core } from '../main/core/create-core';
import { JsonFileSettingsStore } from '../main/adapters/json-file-settings-store';
import { FileVault } from '../main/adapters/file-vault';
import { openPostgresShopDb } from '../main/adapters/postgres/postgres-shop-db';
import { openShopLog } from '../main/adapters/log/shop-log';
import type { ClientTimeouts } from '../main/core/reseller/reseller-client';
import type { Updater } from '../main/core/updater';
import type { SecretVault } from '../main/core/vault/secret-vault';
import { sandboxDemo } from '../main/demo-sandbox';
import type { Sandbox } from '../sandbox';
import { recordingClipboard, type Clipboard } from '../main/core/clipboard';
import type { ConfirmWeakProtection } from '../main/core/auth/confirm-weak-protection';
import { bundleBridgeScript } from './bridge-bundle';
import { ensureRendererBuilt } from './ensure-build';
import { startHttpBridge } from './http-bridge';
import { closingBackupFromSource } from './closing-backup-command';

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface HarnessOptions {
  readonly port?: number;
  readonly dataDir?: string;
  /** Build the renderer first when it is missing or stale (default true). */
  readonly build?: boolean;
  readonly log?: (line: string) => void;
  /** Demo sandbox's Pending delay (tests shorten it). */
  readonly demoPendingMs?: number;
  readonly timeouts?: ClientTimeouts;
  /** Stands in for electron-updater, which needs a packaged app (tests only). */
  readonly updater?: Updater;
  /** Where "Copy IDs" goes; by default a recorded copy (a browser tab's clipboard is not main's). */
  readonly clipboard?: Clipboard;
  /**
   * `--accept-weak-token-protection`: the harness keeps the token in a plain file, and stores it
   * only when whoever started it said so (the app asks in a native dialog instead).
   */
  readonly acceptWeakTokenProtection?: boolean;
  /** Stands in for the app's native dialog, overriding the flag (tests only). */
  readonly confirmWeakProtection?: ConfirmWeakProtection;
  /** The token vault (tests hand in one that cannot decrypt); a file in the data folder by default. */
  readonly vault?: SecretVault;
  /** Wait between shop ledger syncs while it answers (tests and benches shorten it). */
  readonly shopSyncMs?: number;
  /** How long one "minute" of the owner's idle lock lasts (tests shorten it). */
  readonly lockMinuteMs?: number;
  /**
   * Start with this owner PIN set and the owner unlocked (tests that drive owner-only screens once
   * a PIN exists). The rule stays: the PIN is set and checked the same way as from the window.
   */
  readonly ownerPin?: string;
  /**
   * The backup of a clean close runs on in a child process, as in the app, so close() returns at
   * once (the CLI harness, and the tests of that child). Tests leave it off by default: a child
   * still writing into a temp folder the test is removing would only make noise.
   */
  readonly closingBackupInChild?: boolean;
  /**
   * Told the page's address as soon as it can be loaded, before the core has finished opening (its
   * calls wait for it): `npm run web` prints it then, so the page and the core start side by side.
   */
  readonly onListening?: (url: string) => void;
}

export interface Harness {
  readonly url: string;
  readonly dataDir: string;
  readonly core: Core;
  /** The sandbox demo mode talks to now; null in live mode (tests drive it through its admin). */
  demoSandbox(): Sandbox | null;
  /** The per-run key every /ipc call and /events must carry (header x-rechargedesk-key). */
  readonly key: string;
  close(): Promise<void>;
}

function packageVersion(): string {
  const pkg = z.looseObject({ version: z.string() }).safeParse(JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')));
  return pkg.success ? pkg.data.version : '0.0.0';
}

/** The web harness as a library: the real core behind a loopback HTTP bridge. Tests use this. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const log = options.log ?? (() => {});
  const dataDir = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'rechargedesk-'));
  mkdirSync(dataDir, { recursive: true });
  const demo = sandboxDemo({ pendingMs: options.demoPendingMs });
  const vault = options.vault ?? new FileVault(join(dataDir, 'token.secret'));
  // The shop ledger's password, like the token: a plain file here, the OS keychain in the app.
  const shopVault = new FileVault(join(dataDir, 'shop-ledger.secret'));
  // The shop's log, in the data folder here (the app uses the OS logs folder).
  const shopLog = openShopLog({
    dir: join(dataDir, 'logs'),
    secrets: () => [vault.read(), shopVault.read()].flatMap((s) => (s.kind === 'saved' ? [s.token] : [])),
  });
  // The core opens while the bridge listens. createCore takes the data folder's lock before its first
  // await, so a second harness on the folder has failed by the time its bridge listens (a listen
  // takes a turn of the event loop): it never tells an address.
  const opening = (async () => {
    const core = await createCore({
      name: 'RechargeDesk',
      version: packageVersion(),
      dataDir,
      settingsStore: new JsonFileSettingsStore(join(dataDir, 'settings.json')),
      vault,
      logger: {
        info: (message) => shopLog.info?.(message),
        error: (message, detail) => {
          shopLog.error(message, detail);
          log(`${message}: ${detail instanceof Error ? detail.message : String(detail)}`);
        },
      },
      diagnostics: { choosePath: async (name) => join(dataDir, name), logFiles: () => shopLog.files() },
      demoProvider: demo.provider,
      timeouts: options.timeouts,
      openShopDb: openPostgresShopDb,
      shopVault,
      shopSyncMs: options.shopSyncMs,
      lockMinuteMs: options.lockMinuteMs,
      updater: options.updater,
      clipboard: options.clipboard ?? recordingClipboard(),
      confirmWeakProtection:
        options.confirmWeakProtection ??
        (async () => {
          // The harness has no dialog: whoever started it answered with the flag.
          if (!options.acceptWeakTokenProtection)
            log('token not saved: the harness keeps it in a plain file; start it with --accept-weak-token-protection to allow that');
          return options.acceptWeakTokenProtection === true;
        }),
      closingBackup: options.closingBackupInChild ? closingBackupFromSource(PROJECT_ROOT) : undefined,
    });
    if (options.ownerPin !== undefined) {
      const set = await core.router.dispatch('lock:setPin', { pin: options.ownerPin });
      if (!set.ok) {
        await core.close();
        throw new Error(`the harness could not set the owner PIN: ${set.error.message}`);
      }
    }
    return core;
  })();
  let failedEarly = false;
  opening.catch(() => (failedEarly = true));
  const key = randomBytes(32).toString('base64url');
  let bridge: Awaited<ReturnType<typeof startHttpBridge>>;
  try {
    if (options.build !== false) ensureRendererBuilt(PROJECT_ROOT, log);
    bridge = await startHttpBridge({
      key,
      core: opening,
      rendererDir: join(PROJECT_ROOT, 'out/renderer'),
      bridgeScript: await bundleBridgeScript(PROJECT_ROOT),
      port: options.port ?? 0,
    });
  } catch (e) {
    // A core that could not open says why (another harness on this folder), not the port it lost.
    const core = await opening.catch((coreError: unknown) => {
      shopLog.close();
      throw coreError;
    });
    await core.close();
    shopLog.close();
    throw e;
  }
  if (!failedEarly) options.onListening?.(bridge.url);
  let core: Core;
  try {
    core = await opening;
  } catch (e) {
    await bridge.close();
    shopLog.close();
    throw e;
  }
  return {
    url: bridge.url,
    dataDir,
    core,
    demoSandbox: demo.current,
    key,
    async close() {
      await bridge.close();
      await core.close();
      shopLog.close();
    },
  };
}
