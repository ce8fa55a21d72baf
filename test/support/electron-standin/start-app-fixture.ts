/**
 * An entry like src/main/index.ts, for testing start-app.ts itself in the stand-in: the real core
 * on the harness's file adapters, with a close that takes its time (or never ends), a core that
 * takes 8 s to open (as a big ledger's upgrade does; long enough past the window's 2 s that a
 * loaded CI machine still loads the page while the core is opening), or one that cannot be built.
 * START_APP_SCENARIO picks which.
 */
import { join, resolve } from 'node:path';
import { startElectronApp } from '../../../src/main/electron/start-app';
import { createCore } from '../../../src/main/core/create-core';
import { JsonFileSettingsStore } from '../../../src/main/adapters/json-file-settings-store';
import { FileVault } from '../../../src/main/adapters/file-vault';
import { sandboxDemo } from '../../../src/main/demo-sandbox';
import { standIn } from './state';
import { APP_ENTRY_URL } from '../../../src/main/shell/app-origin';

const scenario = process.env['START_APP_SCENARIO'] ?? 'slow-close';
const note = (event: string) => standIn.record({ kind: 'app', event, detail: '' });

startElectronApp(
  async (env) => {
    if (scenario === 'make-core-throws') throw new Error('stand-in: the core could not be built');
    if (scenario === 'slow-open') {
      note('core opening');
      await new Promise((done) => setTimeout(done, 8000));
    }
    const core = await createCore({
      name: 'RechargeDesk',
      version: env.version,
      dataDir: env.dataDir,
      settingsStore: new JsonFileSettingsStore(join(env.dataDir, 'settings.json')),
      vault: new FileVault(join(env.dataDir, 'token.secret')),
      demoProvider: sandboxDemo().provider,
      logger: { error: () => {} },
    });
    if (scenario === 'slow-open') note('core open');
    return {
      ...core,
      async close() {
        note('core close started');
        if (scenario === 'close-hangs') return new Promise<void>(() => {});
        await new Promise((done) => setTimeout(done, 600));
        await core.close();
        note('core closed');
      },
    };
  },
  {
    closeTimeoutMs: 1500,
    log: () => {},
    // Run from source, main-window.ts would look for the page and preload beside itself: the built ones are in out/.
    renderer: () => ({
      url: APP_ENTRY_URL,
      rendererDir: resolve(import.meta.dirname, '../../../out/renderer'),
      preload: resolve(import.meta.dirname, '../../../out/preload/index.cjs'),
    }),
  },
);
