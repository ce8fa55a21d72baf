import { join } from 'node:path';
import { JsonFileSettingsStore } from './adapters/json-file-settings-store';
import { openShopLog } from './adapters/log/shop-log';
import { createCore } from './core/create-core';
import { startElectronApp } from './electron/start-app';
import { createSafeStorageVault } from './electron/safe-storage-vault';
import { electronNotifier } from './electron/notifier';
import { createElectronUpdater } from './electron/auto-update';
import { chooseDiagnosticsPath, logsDir } from './electron/diagnostics-dialog';
import { sandboxDemo } from './demo-sandbox';

// Composition root: the Electron adapters on one side, the core's services on the other.
startElectronApp((env) => {
  const vault = createSafeStorageVault();
  const log = openShopLog({
    dir: logsDir(),
    secrets: () => {
      const token = vault.read();
      return token.kind === 'saved' ? [token.token] : [];
    },
  });
  return createCore({
    name: 'RechargeDesk',
    version: env.version,
    dataDir: env.dataDir,
    // The file electron-store wrote (same name, same JSON), now written atomically with a
    // last-good copy and typed write errors, one implementation for the app and the harness.
    settingsStore: new JsonFileSettingsStore(join(env.dataDir, 'settings.json')),
    vault,
    notifier: electronNotifier,
    demoProvider: sandboxDemo().provider,
    updater: createElectronUpdater((m) => log.error(m)),
    logger: log,
    diagnostics: { choosePath: chooseDiagnosticsPath, logFiles: () => log.files() },
  });
});
