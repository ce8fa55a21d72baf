import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../src/main/core/create-core';
import { sandboxDemo } from '../../src/main/demo-sandbox';
import { JsonFileSettingsStore } from '../../src/main/adapters/json-file-settings-store';
import { MemoryVault } from '../../src/main/core/vault/secret-vault';
import { copyWithOpen } from './ledger-fixture';
import { contract } from '../../src/shared/ipc/contract';

// Child: the main-process core in live mode over a 1M-row ledger, one history page loaded; with
// a second argument, that many of its newest recharges open (every open page loaded, the
// poller running against an unreachable provider).
const fixture = process.argv[2]!;
const open = Number(process.argv[3] ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-mem-'));
mkdirSync(join(dataDir, 'live', '9876543210'), { recursive: true });
const ledgerFile = join(dataDir, 'live', '9876543210', 'ledger.db');
if (open > 0) copyWithOpen(ledgerFile, open);
else copyFileSync(fixture, ledgerFile);
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
const page = await core.router.dispatch('txn:history', { limit: 100 });
let before: unknown = undefined;
do {
  const r = await core.router.dispatch('txn:open', before ? { before } : {});
  before = r.ok ? contract.channels['txn:open'].response.parse(r.data).next : null;
} while (before);
if (open > 0) await new Promise((r) => setTimeout(r, 3000));
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
console.log(JSON.stringify({ ok: page.ok, rss_mb: Math.round(mem.rss / 2 ** 20), heap_mb: Math.round(mem.heapUsed / 2 ** 20), dataDir }));
await core.close();
