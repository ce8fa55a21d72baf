import { createCore } from './core/create-core';
import { startElectronApp } from './electron/start-app';
import { ElectronSettingsStore } from './electron/settings-store';
import { SafeStorageVault } from './electron/safe-storage-vault';
import { electronNotifier } from './electron/notifier';
import { createElectronUpdater } from './electron/auto-update';
import { sandboxDemo } from './demo-sandbox';
import { saveDialogTarget } from './electron/save-dialog-target';
import { electronReceiptPrinter } from './electron/receipt-printer';

// Composition root: the Electron adapters on one side, the core's services on the other.
startElectronApp((env) =>
  createCore({
    name: 'RechargeDesk',
    version: env.version,
    dataDir: env.dataDir,
    settingsStore: new ElectronSettingsStore(),
    vault: new SafeStorageVault(),
    notifier: electronNotifier,
    demoProvider: sandboxDemo().provider,
    updater: createElectronUpdater((m) => console.error(m)),
    exportTarget: saveDialogTarget,
    receiptPrinter: electronReceiptPrinter,
    logger: { error: (message, detail) => console.error(message, detail instanceof Error ? detail.message : detail) },
  }),
);
