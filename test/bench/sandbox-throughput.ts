import { Pool } from 'undici';
import { percentile, round } from './stats';
import { spawnScript } from './spawn-script';
import { istDate } from '../../src/shared/ist-date';

const TOKEN = 'bench-token-0001';
const USER = '9876543210';

/**
 * Sandbox requests per second on loopback: the sandbox in its own process, a keep-alive pool of
 * many connections here, a 40/40/20 mix of recharge, status check and balance.
 */
export async function sandboxThroughput(opts: { connections: number; durationMs: number }) {
  const { child, match } = await spawnScript(
    'src/sandbox/cli.ts',
    ['--port', '0', '--token', TOKEN, '--balance', '1000000000', '--pending-ms', '3600000', '--seed', '5'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const base = match[1]!;
  const pool = new Pool(base, { connections: opts.connections, pipelining: 1 });
  const auth = `username=${USER}&api_token=${TOKEN}`;
  const date = istDate(Date.now());
  let seq = 0;
  const refs: string[] = [];
  const latencies: number[] = [];
  let errors = 0;

  const one = async () => {
    const roll = seq % 5;
    let path: string;
    if (roll < 2 || refs.length === 0) {
      const ref = `B${seq}`;
      const number = `98${String(seq % 100_000_000).padStart(8, '7')}`;
      path = `/webservices/api/recharge?${auth}&number=${number}&amount=10&operator=JIO&ref_id=${ref}`;
      refs.push(ref);
    } else if (roll < 4) {
      path = `/webservices/api/statusByRefId?${auth}&ref_id=${refs[seq % refs.length]}&recharge_date=${date}`;
    } else {
      path = `/webservices/api/balance?${auth}`;
    }
    seq++;
    const t = performance.now();
    const res = await pool.request({ path, method: 'GET' });
    const body = (await res.body.json()) as { status?: string };
    latencies.push(performance.now() - t);
    if (res.statusCode !== 200 || body.status === 'Error') errors++;
  };

  // Warm-up, then the measured window.
  const deadline = (ms: number) => performance.now() + ms;
  const run = async (until: number) => {
    await Promise.all(
      Array.from({ length: opts.connections }, async () => {
        while (performance.now() < until) await one();
      }),
    );
  };
  await run(deadline(1000));
  latencies.length = 0;
  errors = 0;
  const started = performance.now();
  const before = seq;
  await run(deadline(opts.durationMs));
  const elapsed = (performance.now() - started) / 1000;
  const requests = seq - before;
  await pool.close();
  child.kill('SIGTERM');
  return {
    sandbox_rps: round(requests / elapsed, 0),
    sandbox_p50_ms: round(percentile(latencies, 50)),
    sandbox_p99_ms: round(percentile(latencies, 99)),
    sandbox_connections: opts.connections,
    sandbox_errors: errors,
  };
}
