import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh folder under the OS temp dir, named `rd-<prefix>-…`; whoever makes it removes it. Kept
 * apart from temp-dir.ts (which ties folders to vitest's hooks) so benchmarks and child scripts
 * can use it without loading vitest.
 */
export function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `rd-${prefix}-`));
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
