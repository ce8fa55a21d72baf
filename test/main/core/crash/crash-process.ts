import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Bundled once so each of the hundreds of restarts costs a plain Node start, not a compile. */
export async function bundleChild(entry: string): Promise<string> {
  const outDir = join(ROOT, 'node_modules/.cache/rechargedesk');
  mkdirSync(outDir, { recursive: true });
  const bundle = join(outDir, `${entry.replace(/\.ts$/, '')}.mjs`);
  await build({
    entryPoints: [join(import.meta.dirname, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: bundle,
    external: ['better-sqlite3'],
    // Aliased: a bundled module may import createRequire itself (the servers' http-server.ts do).
    banner: { js: "import { createRequire as __crashRequire } from 'node:module'; const require = __crashRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return bundle;
}

export interface Life {
  /** The last `phase:` line the child wrote before it ended. */
  readonly lastPhase: string;
  readonly lines: string[];
  /** The life was killed at the phase it was aimed at (not by its timer first). */
  readonly aimed: boolean;
}

/** Kill the child `delayMs` after it first says it reached `phase` (a `phase:` line), whatever the timer. */
export interface PhaseKill {
  readonly phase: string;
  readonly delayMs: number;
}

/**
 * One life of a child core: killed with SIGKILL `killAfterMs` after it says `ready` (or sooner, at
 * `atPhase`), or, with null, left to end by itself (a settling life, which must exit 0).
 */
export function runLife(bundle: string, args: readonly string[], killAfterMs: number | null, atPhase?: PhaseKill): Promise<Life> {
  return new Promise<Life>((res, rej) => {
    const child = spawn(process.execPath, [bundle, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let lastPhase = 'start';
    let err = '';
    let buffered = '';
    let aimed = false;
    child.stdout.on('data', (b: Buffer) => {
      buffered += b.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith('phase:')) lastPhase = line.slice(6);
        if (atPhase && lastPhase === atPhase.phase && !aimed) {
          aimed = true;
          setTimeout(() => child.kill('SIGKILL'), atPhase.delayMs);
        }
        if (line === 'ready') {
          lastPhase = 'reconcile';
          if (killAfterMs !== null) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }
      }
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || (killAfterMs === null && code === 0)) res({ lastPhase, lines, aimed });
      else rej(new Error(`child ended ${code ?? signal}: ${err.slice(-2000)}`));
    });
  });
}
