import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Core } from '../main/core/create-core';
import type { ClientTimeouts } from '../main/core/reseller/reseller-client';
import type { NotSentRule } from '../main/core/poller/after-answer';
import type { Updater } from '../main/core/updater';
import type { SecretVault } from '../main/core/vault/secret-vault';
import type { RoutingRules } from '../shared/routing/routing-schema';
import type { Sandbox } from '../sandbox';
import type { BuiltinProfileId } from '../shared/profiles/profile-ids';
import type { Clipboard } from '../main/core/clipboard';
import type { ConfirmWeakProtection } from '../main/core/auth/confirm-weak-protection';
import { assertDataFolderFree } from '../main/core/data-folder/data-folder-lock';
import { bundleBridgeScript } from './bridge-bundle';
import { ensureRendererBuilt } from './ensure-build';
import { startHttpBridge } from './http-bridge';
import { PROJECT_ROOT } from './project-root';

export interface HarnessOptions {
  readonly port?: number;
  readonly dataDir?: string;
  /** Build the renderer first when it is missing or stale (default true). */
  readonly build?: boolean;
  readonly log?: (line: string) => void;
  /** Demo sandbox's Pending delay (tests shorten it). */
  readonly demoPendingMs?: number;
  /** The dialect demo mode's practice provider speaks (`--dialect`); the document's by default. */
  readonly demoDialect?: BuiltinProfileId;
  readonly timeouts?: ClientTimeouts;
  /** When a recharge that never left is closed as not sent (`--not-sent-after-seconds`, `--not-sent-lookups`). */
  readonly notSentRule?: NotSentRule;
  /** How often the wallet is read on its own (`--balance-every-seconds`); the app's once a minute by default. */
  readonly balanceEveryMs?: number;
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
  /** Several provider accounts (issue 29): fixed routing rules, and the tokens of the accounts other than `main`. */
  readonly routing?: { rules: RoutingRules; tokens: Record<string, string> };
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
  /**
   * Load the core once a page has its files (HttpBridge.pageStarted), or after this many ms if no
   * page comes (`npm run web`). Loading the core's modules holds this process's event loop for
   * ~0.2 s: a page asking meanwhile got not even its HTML until then. With its files, the browser
   * runs the page's script on the other core while this one loads. Unset (tests, which open no page
   * first): at once.
   */
  readonly coreWaitsForPageMs?: number;
  /** How long after its HTML a page asking for none of its files is taken to have them cached (50 ms). */
  readonly pageCachedFilesMs?: number;
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

async function pageOrTimeout(page: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([page, new Promise<void>((done) => (timer = setTimeout(done, ms)))]);
  clearTimeout(timer);
}

/**
 * The web harness as a library: the real core behind a loopback HTTP bridge. Tests use this.
 *
 * The bridge listens before the core is even loaded: this module stays light, and the core's
 * half (harness-core.ts, the whole core, SQLite, undici…) is imported and opened while the page
 * loads; the page's first calls wait for it, as the app's window's do (start-app.ts).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const log = options.log ?? (() => {});
  const dataDir = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'rechargedesk-'));
  mkdirSync(dataDir, { recursive: true });
  // A folder another running harness or app holds is refused before any address is told; the core
  // takes the lock itself as it opens (a start racing this one still fails there, after listening).
  assertDataFolderFree(dataDir);
  const key = randomBytes(32).toString('base64url');
  // Listen first, then load the core: loading it (~0.2 s of module code) would hold the event loop
  // and with it the listen. The bridge's calls wait for the core this promise becomes.
  let coreFrom: (opening: Promise<Core>) => void = () => {};
  const core = new Promise<Core>((adopt) => (coreFrom = adopt));
  if (options.build !== false) ensureRendererBuilt(PROJECT_ROOT, log);
  const bridge = await startHttpBridge({
    key,
    core,
    rendererDir: join(PROJECT_ROOT, 'out/renderer'),
    bridgeScript: await bundleBridgeScript(PROJECT_ROOT),
    port: options.port ?? 0,
    cachedFilesMs: options.pageCachedFilesMs,
  });
  options.onListening?.(bridge.url);
  if (options.coreWaitsForPageMs !== undefined) await pageOrTimeout(bridge.pageStarted, options.coreWaitsForPageMs);
  const opening = import('./harness-core').then((m) => m.openHarnessCore(options, dataDir));
  coreFrom(opening.then((h) => h.core));
  let opened: Awaited<typeof opening>;
  try {
    opened = await opening;
  } catch (e) {
    await bridge.close();
    throw e;
  }
  return {
    url: bridge.url,
    dataDir,
    core: opened.core,
    demoSandbox: opened.demoSandbox,
    key,
    async close() {
      await bridge.close();
      await opened.close();
    },
  };
}
