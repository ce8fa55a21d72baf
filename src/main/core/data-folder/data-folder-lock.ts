import { closeSync, fsyncSync, readFileSync, rmSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { errorFacts } from '../errors/error-facts';
import { StartupError } from '../errors/startup-error';
import { FRESH_MS, createLockFile, fileAgeMs, processRunning } from './lock-file';
import { privateFolderSync } from './private-files';

export const LOCK_FILE = 'rechargedesk.lock';

const holderSchema = z.object({ pid: z.number().int().positive(), host: z.string(), since: z.number(), nonce: z.string() });
type Holder = z.infer<typeof holderSchema>;

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

function readHolder(file: string): Holder | 'unreadable' | 'gone' {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : 'unreadable';
  } catch (e) {
    return errorFacts(e).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

function inUse(dataDir: string, holder: Holder | null): StartupError {
  const who = !holder
    ? {}
    : holder.host === hostname()
      ? { pid: holder.pid, since: Math.max(0, Math.round(holder.since)) }
      : { host: holder.host.slice(0, 100) };
  return new StartupError({ code: 'data_folder_in_use', params: { folder: dataDir, ...who } });
}

/**
 * Who holds the lock file, judged once for the lock and the check: 'free' (no file), 'stale' (its
 * process is gone), or the in-use error when a running process (or another computer) holds it.
 */
function judgeHolder(file: string, dataDir: string): 'free' | 'stale' {
  const holder = readHolder(file);
  if (holder === 'gone') return 'free';
  if (holder === 'unreadable') {
    if (fileAgeMs(file) < FRESH_MS) throw inUse(dataDir, null);
    return 'stale';
  }
  // Another computer's process cannot be checked from here: it counts as running.
  if (holder.host !== hostname() || processRunning(holder.pid)) throw inUse(dataDir, holder);
  return 'stale';
}

/**
 * Throws what lockDataFolder would when another running process holds the folder, and takes
 * nothing: for a start that tells its address before its core (and the lock) is loaded.
 */
export function assertDataFolderFree(dataDir: string): void {
  judgeHolder(join(dataDir, LOCK_FILE), dataDir);
}

/**
 * One core per data folder: a lock file created with an exclusive create (O_EXCL), naming the
 * process that holds it. A holder that no longer runs (killed, power cut) leaves a stale file,
 * which the next start takes over at once, so a kill -9 never locks the shop out.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  privateFolderSync(dataDir);
  const file = join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), since: Date.now(), nonce: randomUUID() };
  // A stale file (its process is gone) is removed and the exclusive create tried again; a live
  // holder throws the in-use error from judgeHolder.
  const fd = createLockFile(file, () => judgeHolder(file, dataDir));
  if (fd === null) throw inUse(dataDir, null);
  let written = true;
  try {
    writeSync(fd, JSON.stringify(me));
    fsyncSync(fd);
  } catch (e) {
    // A full disk: the file exists (the lock is ours) but holds no name. Keep it fresh instead,
    // so a second start sees a lock in use, and a kill -9 leaves one that goes stale in seconds.
    if (errorFacts(e).code !== 'ENOSPC' && errorFacts(e).code !== 'EDQUOT') throw e;
    written = false;
  } finally {
    closeSync(fd);
  }
  const heartbeat = written
    ? null
    : setInterval(() => {
        try {
          const t = new Date();
          utimesSync(file, t, t);
        } catch {
          // gone or unwritable: the next start decides
        }
      }, FRESH_MS / 3);
  heartbeat?.unref();
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      if (heartbeat) clearInterval(heartbeat);
      const holder = readHolder(file);
      // Only our own lock is removed: never one a later start took over.
      if (typeof holder === 'object' ? holder.nonce === me.nonce : !written) rmSync(file, { force: true });
    },
  };
}
