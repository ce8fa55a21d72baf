import { closeSync, mkdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod';
import { FRESH_MS, createLockFile, fileAgeMs, processRunning } from '../data-folder/lock-file';

const LOCK = 'backup.lock';
const holderSchema = z.object({ pid: z.number().int().positive(), nonce: z.string() });

function holder(file: string): z.infer<typeof holderSchema> | null {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface BackupLock {
  release(): void;
}

/**
 * One backup at a time in a ledger's backup folder, across processes: the closing backup runs in
 * a child process that outlives the app, and the next start must neither write the folder's list
 * at the same moment nor swap the ledger under it. An exclusive create naming its process; a
 * holder that no longer runs (killed, power cut) is taken over. Null when a live process holds it.
 */
export function lockBackups(dir: string): BackupLock | null {
  const file = join(dir, LOCK);
  const nonce = randomUUID();
  mkdirSync(dir, { recursive: true });
  // A holder not yet readable is being written this instant; one left empty (a full disk) goes
  // stale after a few seconds.
  const fd = createLockFile(file, () => {
    const h = holder(file);
    return (h ? processRunning(h.pid) : fileAgeMs(file) < FRESH_MS) ? 'held' : 'stale';
  });
  if (fd === null) return null;
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, nonce }));
  } finally {
    closeSync(fd);
  }
  return {
    release() {
      if (holder(file)?.nonce === nonce) rmSync(file, { force: true });
    },
  };
}

/** True while a live process (the closing backup of the last session, say) is writing backups here. */
export function backupsBusy(dir: string): boolean {
  const h = holder(join(dir, LOCK));
  return h !== null && processRunning(h.pid);
}

/** Takes the lock, waiting (without holding the event loop) while another process has it. */
export async function lockBackupsWhenFree(dir: string, timeoutMs = 10 * 60_000): Promise<BackupLock> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const lock = lockBackups(dir);
    if (lock) return lock;
    if (Date.now() > until) throw Object.assign(new Error('another backup is still being written'), { code: 'EBUSY' });
    await new Promise((r) => setTimeout(r, 200));
  }
}
