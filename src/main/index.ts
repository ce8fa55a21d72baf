import { join } from 'node:path';
import { JsonFileSettingsStore } from './adapters/json-file-settings-store';
import { openShopLog } from './adapters/log/shop-log';
import { createCore } from './core/create-core';
import { rememberedVault } from './core/vault/remembered-vault';
import { startElectronApp } from './electron/start-app';
import { createSafeStorageVault } from './electron/safe-storage-vault';
import { tokenKeyFor } from './core/routing/vault-keys';
import { electronNotifier } from './electron/notifier';
import { electronClipboard } from './electron/clipboard';
import { createElectronUpdater } from './electron/auto-update';
import { confirmWeakProtectionDialog } from './electron/weak-protection-dialog';
import { chooseDiagnosticsPath, logsDir } from './electron/diagnostics-dialog';
import { sandboxDemo } from './demo-sandbox';
import { saveDialogTarget } from './electron/save-dialog-target';
import { openDialogChooser } from './electron/open-dialog-chooser';
import { electronReceiptPrinter } from './electron/receipt-printer';
import { atStage } from './shell/startup-failure';
import { closingBackupCommand, runIfClosingBackup } from './electron/closing-backup-mode';
import { openPostgresShopDb } from './adapters/postgres/postgres-shop-db';

// Composition root: the Electron adapters on one side, the core's services on the other. Each
// step is labelled, so a failure to start names the file it came from. Started as the closing
// backup's child (closing-backup-mode.ts), the process only takes that backup and exits.
if (!runIfClosingBackup(process.argv)) startApp();

function startApp(): void {
  startElectronApp(async (env) => {
    // Remembered: the log reads both on every line, and each read was a file read and a decryption.
    const vault = rememberedVault(await atStage('vault', () => createSafeStorageVault()));
    const shopVault = rememberedVault(await atStage('vault', () => createSafeStorageVault('shop-vault')));
    const log = openShopLog({
      dir: logsDir(),
      // The token and the shop ledger's password never reach the log.
      secrets: () => [vault.read(), shopVault.read()].flatMap((s) => (s.kind === 'saved' ? [s.token] : [])),
    });
    // The file electron-store wrote (same name, same JSON), now written atomically with a last-good
    // copy and typed write errors: one implementation for the app and the harness.
    const settingsStore = await atStage('settings', () => new JsonFileSettingsStore(join(env.dataDir, 'settings.json')));
    return atStage('core', () =>
      createCore({
        name: 'RechargeDesk',
        version: env.version,
        dataDir: env.dataDir,
        settingsStore,
        vault,
        notifier: electronNotifier,
        confirmWeakProtection: confirmWeakProtectionDialog,
        demoProvider: sandboxDemo().provider,
        clipboard: electronClipboard,
        updater: createElectronUpdater((m) => log.error(m)),
        logger: log,
        diagnostics: { choosePath: chooseDiagnosticsPath, logFiles: () => log.files() },
        closingBackup: closingBackupCommand(),
        exportTarget: saveDialogTarget,
        pathChooser: openDialogChooser,
        receiptPrinter: electronReceiptPrinter,
        openShopDb: openPostgresShopDb,
        shopVault,
        // Each other provider account's token under its own key of the same store (issue 29).
        vaultFor: (account) => rememberedVault(createSafeStorageVault('vault', tokenKeyFor(account))),
      }),
    );
  });
}
