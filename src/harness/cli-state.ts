import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import type { HarnessArgs } from './cli-args';

/** The port `npm run web` tries first, as the README shows. */
const DEFAULT_PORT = 5317;
const STATE_FILE = 'harness.json';
const stateSchema = z.object({ port: z.number().int().min(1).max(65535) });

export interface CliPlan {
  dataDir: string;
  port: number;
  /** Delete the folder on exit (`--temp`). */
  throwaway: boolean;
}

function remembered(dataDir: string): number | null {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(join(dataDir, STATE_FILE), 'utf8')));
    return parsed.success ? parsed.data.port : null;
  } catch {
    return null;
  }
}

/** Whether 127.0.0.1:port can be bound right now. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/**
 * Where `npm run web` keeps the shop: by default one folder (beside the project, git-ignored)
 * and the same port every run, so a second run shows the same history at the same address.
 * `--temp` gives a fresh folder and any free port, for a throwaway look.
 */
export async function planCliRun(args: HarnessArgs, projectRoot: string): Promise<CliPlan> {
  if (args.temp) return { dataDir: mkdtempSync(join(tmpdir(), 'rechargedesk-web-')), port: args.port ?? 0, throwaway: true };
  const dataDir = resolve(args.dataDir ?? join(projectRoot, '.web-data'));
  mkdirSync(dataDir, { recursive: true });
  if (args.port !== undefined) return { dataDir, port: args.port, throwaway: false };
  const wanted = remembered(dataDir) ?? DEFAULT_PORT;
  // Another program on the remembered port: take any free one rather than refuse to start.
  return { dataDir, port: (await portFree(wanted)) ? wanted : 0, throwaway: false };
}

/** Remembers the port actually bound, for the next run. */
export function rememberPort(dataDir: string, port: number): void {
  writeFileSync(join(dataDir, STATE_FILE), `${JSON.stringify({ port })}\n`);
}
