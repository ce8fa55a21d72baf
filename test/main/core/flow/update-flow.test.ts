import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createCore } from '../../../../src/main/core/create-core';
import { sandboxDemo } from '../../../../src/main/demo-sandbox';
import { JsonFileSettingsStore } from '../../../../src/main/adapters/json-file-settings-store';
import { MemoryVault } from '../../../../src/main/core/vault/secret-vault';
import type { Updater } from '../../../../src/main/core/updater';
import { tempDir } from '../../../support/temp-dir';

// electron-updater needs a packaged Electron app; a stand-in updater plays its part here.
function fakeUpdater() {
  let ready: ((v: string) => void) | null = null;
  const u = {
    restarts: 0,
    status: 'idle' as 'idle' | 'ready',
    state: () => ({ status: u.status, version: u.status === 'ready' ? '0.2.0' : null }),
    onReady: (l: (v: string) => void) => (ready = l),
    restart: () => void u.restarts++,
    download: () => {
      u.status = 'ready';
      ready?.('0.2.0');
    },
  };
  return u;
}

describe('restart to update', () => {
  it('announces a downloaded update, and never restarts while a recharge is being sent', async () => {
    const dir = tempDir('update');
    const updater = fakeUpdater();
    const demo = sandboxDemo();
    const core = await createCore({
      name: 'RechargeDesk',
      version: '0.1.0',
      dataDir: dir,
      updater: updater as Updater,
      demoProvider: demo.provider,
      settingsStore: new JsonFileSettingsStore(join(dir, 'settings.json')),
      vault: new MemoryVault(),
      logger: { error: () => {} },
    });
    const events: unknown[] = [];
    core.events.subscribe((e, p) => events.push([e, p]));
    try {
      expect(await core.router.dispatch('app:restartToUpdate', {})).toEqual({ ok: true, data: { restarting: false } });
      updater.download();
      expect(events).toContainEqual(['app:updateReady', { version: '0.2.0' }]);
      expect(await core.router.dispatch('app:update', {})).toEqual({ ok: true, data: { status: 'ready', version: '0.2.0' } });
      demo.current()!.admin.setFaults({ latencyMs: 400 });
      const sending = core.router.dispatch('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
      await new Promise((r) => setTimeout(r, 100));
      expect(await core.router.dispatch('app:restartToUpdate', {})).toMatchObject({ ok: false, error: { code: 'busy_sending' } });
      expect(updater.restarts).toBe(0);
      expect(await sending).toMatchObject({ ok: true });
      expect(await core.router.dispatch('app:restartToUpdate', {})).toEqual({ ok: true, data: { restarting: true } });
      expect(updater.restarts).toBe(1);
    } finally {
      await core.close();
    }
  });
});
