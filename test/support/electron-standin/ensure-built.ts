import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The stand-in runs what `npm run build` made: build again when any source is newer. */
export function ensureAppBuilt(): void {
  const outputs = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((f) => mtime(join(ROOT, f)));
  const sources = Math.max(...['src/main', 'src/preload', 'src/renderer', 'src/shared'].map((d) => newest(join(ROOT, d))));
  if (Math.min(...outputs) >= sources) return;
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`electron-vite build failed:\n${run.stdout}\n${run.stderr}`);
}
