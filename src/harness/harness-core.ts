import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { createCore, type Core } from '../main/core/create-core';
import { JsonFileSettingsStore } from '../main/adapters/json-file-settings-store';
import { FileVault } from '../main/adapters/file-vault';
import { fixedRouting } from '../main/core/routing/routing-source';
import { tokenKeyFor } from '../main/core/routing/vault-keys';
import { rememberedVault } from '../main/core/vault/remembered-vault';
import { openPostgresShopDb } from '../main/adapters/postgres/postgres-shop-db';
import { openShopLog } from '../main/adapters/log/shop-log';
import { sandboxDemo } from '../main/demo-sandbox';
import type { Sandbox } from '../sandbox';
import { recordingClipboard } from '../main/core/clipboard';
import { closingBackupFromSource } from './closing-backup-command';
import { PROJECT_ROOT } from './project-root';
import type { HarnessOptions } from './start-harness';

/** Fixed routing rules, each account's token in its own file beside today's (named by its vault key). */
function harnessRouting(r: NonNullable<HarnessOptions['routing']>, dataDir: string) {
  const vaultFor = (account: string) => new FileVault(join(dataDir, `${tokenKeyFor(account)}.secret`));
  for (const [account, token] of Object.entries(r.tokens)) vaultFor(account).set(token);
  return { routing: fixedRouting(r.rules), vaultFor };
}

/** The harness's core and what it owns (its log), opened on a data folder. */
export interface HarnessCore {
  readonly core: Core;
  demoSandbox(): Sandbox | null;
  close(): Promise<void>;
}

function packageVersion(): string {
  const pkg = z.looseObject({ version: z.string() }).safeParse(JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')));
  return pkg.success ? pkg.data.version : '0.0.0';
}

/**
 * The real core on the harness's file adapters: the heavy half of the harness, loaded by
 * start-harness.ts only once its page can be served, so the page loads while this is read and opened.
 */
export async function openHarnessCore(options: HarnessOptions, dataDir: string): Promise<HarnessCore> {
  const log = options.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true });
  const demo = sandboxDemo({ pendingMs: options.demoPendingMs, dialect: options.demoDialect });
  // Remembered, as in the app (main/index.ts): the log reads both on every line.
  const vault = rememberedVault(options.vault ?? new FileVault(join(dataDir, 'token.secret')));
  // The shop ledger's password, like the token: a plain file here, the OS keychain in the app.
  const shopVault = rememberedVault(new FileVault(join(dataDir, 'shop-ledger.secret')));
  // The shop's log, in the data folder here (the app uses the OS logs folder).
  const shopLog = openShopLog({
    dir: join(dataDir, 'logs'),
    secrets: () => [vault.read(), shopVault.read()].flatMap((s) => (s.kind === 'saved' ? [s.token] : [])),
  });
  try {
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
      notSentRule: options.notSentRule,
      balanceEveryMs: options.balanceEveryMs,
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
      ...(options.routing ? harnessRouting(options.routing, dataDir) : {}),
    });
    if (options.ownerPin !== undefined) {
      const set = await core.router.dispatch('lock:setPin', { pin: options.ownerPin });
      if (!set.ok) {
        await core.close();
        throw new Error(`the harness could not set the owner PIN: ${set.error.code}`);
      }
    }
    return {
      core,
      demoSandbox: demo.current,
      async close() {
        await core.close();
        shopLog.close();
      },
    };
  } catch (e) {
    shopLog.close();
    throw e;
  }
}
