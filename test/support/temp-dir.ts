import { afterAll, onTestFinished } from 'vitest';
import { makeTempDir, removeTempDir } from './temp-folder';

/**
 * A temp folder for one test, removed when the test has finished (after its `afterEach` hooks have
 * closed whatever used it). Call it in the test or in `beforeEach`; a folder made once and used
 * again within the test (a restart in the same folder) lives until the test ends.
 */
export function tempDir(prefix: string): string {
  const dir = makeTempDir(prefix);
  onTestFinished(() => removeTempDir(dir));
  return dir;
}

/**
 * A temp folder for the whole file (or `describe`), removed in `afterAll`. Call it at module or
 * `describe` scope, before the `afterAll` that closes what uses it: `afterAll` hooks run last-first.
 */
export function fileTempDir(prefix: string): string {
  const dir = makeTempDir(prefix);
  afterAll(() => removeTempDir(dir));
  return dir;
}
