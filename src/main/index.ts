import { createCore } from './core/create-core';
import { startElectronApp } from './electron/start-app';
import { ElectronSettingsStore } from './electron/settings-store';
import { SafeStorageVault } from './electron/safe-storage-vault';
import { electronNotifier } from './electron/notifier';
import { electronClipboard } from './electron/clipboard';
import { createElectronUpdater } from './electron/auto-update';
import { confirmWeakProtectionDialog } from './electron/weak-protection-dialog';
import { sandboxDemo } from './demo-sandbox';
import { atStage } from './shell/startup-failure';

// Composition root: the Electron adapters on one side, the core's services on the other. Each
// step is labelled, so a failure to start names the file it came from.
startElectronApp(async (env) => {
  const settingsStore = await atStage('settings', () => new ElectronSettingsStore());
  const vault = await atStage('vault', () => new SafeStorageVault());
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
      updater: createElectronUpdater((m) => console.error(m)),
      logger: { error: (message, detail) => console.error(message, detail instanceof Error ? detail.message : detail) },
    }),
  );
});
