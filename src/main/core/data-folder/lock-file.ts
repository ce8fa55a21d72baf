import { openSync, rmSync, statSync } from 'node:fs';
import { errorFacts } from '../errors/error-facts';

/**
 * What the data folder's lock and the backup folder's lock both need to judge a lock file left
 * by another process: whether its holder still runs, and how old the file is.
 */

/** A lock file younger than this with no readable holder is being written right now. */
export const FRESH_MS = 5000;

/** True when a process with this id runs on this machine (EPERM: it runs, as another user). */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errorFacts(e).code === 'EPERM';
  }
}

export function fileAgeMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/**
 * Creates a lock file with an exclusive create (O_EXCL) and returns its descriptor, the caller
 * writing its holder into it. When the file is there, `judge` says what of: a live holder ('held':
 * null, nothing taken; or it throws its own error), a holder that is gone ('stale': the file is
 * removed and the create tried again), or no file any more ('free': tried again). Three tries.
 */
export function createLockFile(file: string, judge: () => 'held' | 'stale' | 'free'): number | null {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return openSync(file, 'wx', 0o600);
    } catch (e) {
      if (errorFacts(e).code !== 'EEXIST') throw e;
    }
    const verdict = judge();
    if (verdict === 'held') return null;
    if (verdict === 'stale') rmSync(file, { force: true });
  }
  return null;
}
