import { SandboxEngine } from '../../src/sandbox/engine';
import { SandboxStore } from '../../src/sandbox/store';
import { sandboxOptionsSchema } from '../../src/sandbox/options';

// Child process: 1M recharges through the sandbox engine (the code path behind the HTTP layer),
// then report this process's memory. Separate process so the number is the sandbox's alone.
const count = Number(process.argv[2] ?? 1_000_000);
const options = sandboxOptionsSchema.parse({ balance: 1_000_000_000, pendingMs: 3_600_000, seed: 9 });
const store = new SandboxStore(undefined);
const engine = new SandboxEngine(store, options);
engine.ensureAccount({ username: options.username, token: options.token, balance: options.balance, seller: 0, callbackUrl: null });
const auth = { username: options.username, api_token: options.token };
const started = performance.now();
// Batches with a turn of the event loop between them, as a server handles requests.
for (let i = 0; i < count; i++) {
  engine.recharge({ ...auth, number: `98${String(i).padStart(8, '7')}`, amount: '10', operator: 'JIO', ref_id: `M${i}` });
  if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
}
const seconds = (performance.now() - started) / 1000;
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const mem = process.memoryUsage();
const pages = store.db.pragma('page_count', { simple: true }) as number;
const pageSize = store.db.pragma('page_size', { simple: true }) as number;
console.log(
  JSON.stringify({
    transactions: count,
    rss_mb: Math.round(mem.rss / 2 ** 20),
    heap_mb: Math.round(mem.heapUsed / 2 ** 20),
    sqlite_mb: Math.round((pages * pageSize) / 2 ** 20),
    engine_recharges_per_s: Math.round(count / seconds),
  }),
);
