import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../src/main/core/create-core';
import { sandboxDemo } from '../../src/main/demo-sandbox';
import { JsonFileSettingsStore } from '../../src/main/adapters/json-file-settings-store';
import { MemoryVault } from '../../src/main/core/vault/secret-vault';

// Child: the main-process core in live mode over a 1M-row ledger, one history page loaded.
const fixture = process.argv[2]!;
const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-mem-'));
mkdirSync(join(dataDir, 'live', '9876543210'), { recursive: true });
copyFileSync(fixture, join(dataDir, 'live', '9876543210', 'ledger.db'));
const store = new JsonFileSettingsStore(join(dataDir, 'settings.json'));
store.save({ version: 1, installPrefix: 'MEMB', mode: 'live', provider: { baseUrl: 'http://127.0.0.1:9', username: '9876543210' } });
const vault = new MemoryVault();
vault.set('memory-bench-token');
const core = await createCore({
  name: 'RechargeDesk',
  version: 'bench',
  dataDir,
  settingsStore: store,
  vault,
  demoProvider: sandboxDemo().provider,
  logger: { error: () => {} },
});
const page = await core.router.dispatch('txn:history', { limit: 50 });
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
console.log(JSON.stringify({ ok: page.ok, rss_mb: Math.round(mem.rss / 2 ** 20), heap_mb: Math.round(mem.heapUsed / 2 ** 20), dataDir }));
await core.close();
