import { join } from 'node:path';
import { createCore } from '../../../../src/main/core/create-core';
import { sandboxDemo } from '../../../../src/main/demo-sandbox';
import { JsonFileSettingsStore } from '../../../../src/main/adapters/json-file-settings-store';
import { MemoryVault } from '../../../../src/main/core/vault/secret-vault';

/**
 * Child of close-keeping-wal.test.ts: the real core in demo mode on a data folder, one recharge
 * sent and answered, then the quit's close as the app and the harness call it. It says so on
 * stdout and waits to be killed (-9), so nothing after the close can tidy the files up.
 */
const dataDir = process.argv[2] ?? '';
const core = await createCore({
  name: 'RechargeDesk',
  version: 'test',
  dataDir,
  settingsStore: new JsonFileSettingsStore(join(dataDir, 'settings.json')),
  vault: new MemoryVault(),
  demoProvider: sandboxDemo().provider,
  logger: { error: (message) => console.error(message) },
});
const sent = await core.router.dispatch('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
console.log(JSON.stringify({ sent }));
await core.close();
console.log('closed');
setInterval(() => {}, 60_000);
