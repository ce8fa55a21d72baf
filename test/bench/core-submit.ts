import { Agent, request } from 'undici';
import { EventBus } from '../../src/main/core/events/event-bus';
import { openProviderSession } from '../../src/main/core/session/provider-session';
import { settingsSchema } from '../../src/shared/settings-schema';
import { percentile, round } from './stats';
import { spawnScript } from './spawn-script';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

const TOKEN = 'bench-submit-token';

/**
 * submit_overhead_ratio: the whole submit path (validation, fsync'd ledger write, HTTP, parse,
 * ledger update, balance note) against a bare undici GET of the same endpoint, interleaved in one
 * run against one sandbox process on loopback.
 */
export async function submitOverhead(iterations = 600, providerLatencyMs = 0, withJournal = false) {
  const { child, match } = await spawnScript(
    'src/sandbox/cli.ts',
    ['--port', '0', '--token', TOKEN, '--balance', '1000000000', '--profile', 'success', '--latency-ms', String(providerLatencyMs)],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const base = match[1]!;
  const dataDir = makeTempDir('bench-submit');
  // With a second backup folder, every change is also journaled (fsync'd) there: its cost per recharge.
  const second = withJournal ? makeTempDir('bench-second') : '';
  const settings = settingsSchema.parse({
    version: 1,
    installPrefix: 'BNCH',
    recharge: { duplicateWindowMinutes: 0 },
    backup: { secondFolder: second },
  });
  const session = await openProviderSession(
    { mode: 'live', credentials: { baseUrl: base, username: '9876543210', token: TOKEN } },
    { dataDir, settings: () => settings, events: new EventBus() },
  );
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const full: number[] = [];
  const bare: number[] = [];
  const number = (i: number) => `98${String(i).padStart(8, '7')}`;
  for (let i = 0; i < iterations + 50; i++) {
    let t = performance.now();
    await session.recharge.submit({ number: number(i), operator: 'JIO', amount: 10, confirmDuplicate: true });
    const f = performance.now() - t;
    t = performance.now();
    const res = await request(
      `${base}/webservices/api/recharge?username=9876543210&api_token=${TOKEN}&number=${number(i + 1_000_000)}&amount=10&operator=JIO&ref_id=BARE${i}`,
      { dispatcher: agent },
    );
    await res.body.json();
    const b = performance.now() - t;
    if (i >= 50) {
      full.push(f);
      bare.push(b);
    }
  }
  await agent.close();
  await session.close();
  child.kill('SIGTERM');
  removeTempDir(dataDir);
  if (second) removeTempDir(second);
  if (withJournal) return { submit_added_ms_journal: round(percentile(full, 50) - percentile(bare, 50), 3) };
  const suffix = providerLatencyMs ? `_${providerLatencyMs}ms_provider` : '';
  return {
    [`submit_added_ms${suffix}`]: round(percentile(full, 50) - percentile(bare, 50), 3),
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
