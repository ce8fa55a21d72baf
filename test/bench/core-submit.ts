import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createCore } from '../../src/main/core/create-core';
import { JsonFileSettingsStore } from '../../src/main/adapters/json-file-settings-store';
import { FileVault } from '../../src/main/adapters/file-vault';
import { rememberedVault } from '../../src/main/core/vault/remembered-vault';
import { openShopLog } from '../../src/main/adapters/log/shop-log';
import { sandboxDemo } from '../../src/main/demo-sandbox';
import { percentile, round } from './stats';
import { spawnScript } from './spawn-script';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

const TOKEN = 'bench-submit-token';

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

/**
 * submit_overhead_ratio: a submit as the app makes it against a bare undici GET of the same
 * endpoint, interleaved in one run against one sandbox process on loopback. The submit goes the
 * window's way: the core built by createCore on the harness's file adapters (settings file, token
 * file, the shop's log with its redaction), a listener on the event bus standing for the window,
 * and `router.dispatch('recharge:submit')` (request parse, role gate, handler, validation, the
 * open and duplicate reads, the fsync'd ledger write, HTTP, reply parse, ledger update, balance
 * note, response parse). Default settings (a 3-minute duplicate window, so the duplicate read
 * runs); every answer is checked to be a success, so a refused submit cannot flatter the figure.
 */
export async function submitOverhead(iterations = 600, providerLatencyMs = 0, withJournal = false) {
  const { full, bare, fullCpu, bareCpu } = await measure(iterations, providerLatencyMs, withJournal);
  if (withJournal) return { submit_added_ms_journal: round(percentile(full, 50) - percentile(bare, 50), 3) };
  const suffix = providerLatencyMs ? `_${providerLatencyMs}ms_provider` : '';
  return {
    [`submit_added_ms${suffix}`]: round(percentile(full, 50) - percentile(bare, 50), 3),
    // The same in CPU time: what a busy machine's queueing for a core cannot inflate.
    [`submit_added_cpu_ms${suffix}`]: round(percentile(fullCpu, 50) - percentile(bareCpu, 50), 3),
    [`submit_overhead_ratio${suffix}`]: round(percentile(full, 50) / percentile(bare, 50)),
    [`submit_overhead_ratio_p95${suffix}`]: round(percentile(full, 95) / percentile(bare, 95)),
    ...(providerLatencyMs
      ? {}
      : {
          submit_full_median_ms: round(percentile(full, 50), 3),
          submit_full_p95_ms: round(percentile(full, 95), 3),
          bare_get_median_ms: round(percentile(bare, 50), 3),
          bare_get_p95_ms: round(percentile(bare, 95), 3),
        }),
  };
}

async function measure(iterations: number, providerLatencyMs: number, withJournal: boolean) {
  const { child, match } = await spawnScript(
    'src/sandbox/cli.ts',
    ['--port', '0', '--token', TOKEN, '--balance', '1000000000', '--profile', 'success', '--latency-ms', String(providerLatencyMs)],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const base = match[1]!;
  // Set before the try: a refused submit ends the run, and the sandbox with it.
  const dataDir = makeTempDir('bench-submit');
  // With a second backup folder, every change is also journaled (fsync'd) there: its cost per recharge.
  const second = withJournal ? makeTempDir('bench-second') : '';
  try {
    const settingsStore = new JsonFileSettingsStore(join(dataDir, 'settings.json'));
    settingsStore.save({
      version: 1,
      installPrefix: 'BNCH',
      mode: 'live',
      provider: { baseUrl: base, username: '9876543210' },
      backup: { secondFolder: second },
    });
    // Both vaults remembered, as the app's composition root has them (main/index.ts).
    const vault = rememberedVault(new FileVault(join(dataDir, 'token.secret')));
    vault.set(TOKEN);
    const shopVault = rememberedVault(new FileVault(join(dataDir, 'shop-ledger.secret')));
    const shopLog = openShopLog({
      dir: join(dataDir, 'logs'),
      secrets: () => [vault.read(), shopVault.read()].flatMap((s) => (s.kind === 'saved' ? [s.token] : [])),
    });
    const core = await createCore({
      name: 'RechargeDesk',
      version: 'bench',
      dataDir,
      settingsStore,
      vault,
      shopVault,
      demoProvider: sandboxDemo().provider,
      logger: { info: (m) => shopLog.info?.(m), error: (m, d) => shopLog.error(m, d) },
    });
    // The window: each event is copied across to the renderer (Electron's structured clone).
    let heard = 0;
    const unsubscribe = core.events.subscribe((event, payload) => {
      structuredClone({ event, payload });
      heard++;
    });
    const agent = new Agent({ keepAliveTimeout: 30_000 });
    const full: number[] = [];
    const bare: number[] = [];
    // This process's CPU time for each (its own work, whatever else the machine is doing).
    const fullCpu: number[] = [];
    const bareCpu: number[] = [];
    // Distinct numbers ending in 5555, which the sandbox answers with a success (the bare GET's too).
    const number = (i: number) => `9${String(i).padStart(5, '0')}5555`;
    for (let i = 0; i < iterations + 50; i++) {
      let c = process.cpuUsage();
      let t = performance.now();
      const r = await core.router.dispatch('recharge:submit', { number: number(i), operator: 'JIO', amount: 10, confirmDuplicate: false });
      const f = performance.now() - t;
      const fc = cpuMs(process.cpuUsage(c));
      if (!r.ok) throw new Error(`submit ${i} refused: ${r.error.code} ${JSON.stringify(r.error.params)}`);
      const { outcome } = r.data as { outcome: string };
      if (outcome !== 'success') throw new Error(`submit ${i}: ${outcome}`);
      // What the app does just after the answer (the shop log's line for the final status) runs
      // here, outside both timings: the GET's figures must not carry the submit's leftovers.
      await new Promise((done) => setImmediate(done));
      c = process.cpuUsage();
      t = performance.now();
      const res = await request(
        `${base}/webservices/api/recharge?username=9876543210&api_token=${TOKEN}&number=8${String(i).padStart(5, '0')}5555&amount=10&operator=JIO&ref_id=BARE${i}`,
        { dispatcher: agent },
      );
      await res.body.json();
      const b = performance.now() - t;
      const bc = cpuMs(process.cpuUsage(c));
      if (i >= 50) {
        full.push(f);
        bare.push(b);
        fullCpu.push(fc);
        bareCpu.push(bc);
      }
    }
    if (heard < 2 * (iterations + 50)) throw new Error(`the window heard ${heard} events`);
    unsubscribe();
    await agent.close();
    await core.close();
    shopLog.close();
    return { full, bare, fullCpu, bareCpu };
  } finally {
    child.kill('SIGTERM');
    removeTempDir(dataDir);
    if (second) removeTempDir(second);
  }
}
