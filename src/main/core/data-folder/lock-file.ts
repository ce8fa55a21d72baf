import { statSync } from 'node:fs';
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
