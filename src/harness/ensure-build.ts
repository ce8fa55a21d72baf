import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function builtAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Builds the renderer when it is missing or older than its sources, so `npm run web` always
 * serves what is in src/ without a separate build step.
 */
export function ensureRendererBuilt(projectRoot: string, log: (line: string) => void = console.log): void {
  const built = builtAt(join(projectRoot, 'out/renderer/index.html'));
  const sources = Math.max(newestMtime(join(projectRoot, 'src/renderer')), newestMtime(join(projectRoot, 'src/shared')));
  if (built > 0 && built >= sources) return;
  log('building the app (electron-vite build)…');
  const run = spawnSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('electron-vite build failed');
}
