import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The backup of a clean close, handed to a child process so the quit does not wait for it (a
 * 1M-row ledger takes seconds to copy and verify). The child opens the closed ledger read-only,
 * takes the same verified, rotated backup the app takes (BackupService), and holds the backup
 * folder's lock (backup-lock.ts) until done, so the next start waits for it before it writes the
 * folder's list or swaps the ledger. A failure is left in a file the next start reads.
 */
export const closingJobSchema = z.object({
  ledgerFile: z.string().min(1),
  localDir: z.string().min(1),
  secondDir: z.string().nullable(),
  secondRoot: z.string().nullable(),
  settingsJson: z.string(),
  fingerprint: z.string(),
});
export type ClosingJob = z.infer<typeof closingJobSchema>;

/** How to start the closing-backup script (src/main/closing-backup.ts, built or as source); the job goes last. */
export interface ChildCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

const FAILURE = 'closing-backup-failed.json';
const failureSchema = z.object({ code: z.string(), message: z.string() });

/** Starts the child and lets it run on after this process exits. False when it could not start. */
export function launchClosingBackup(child: ChildCommand, job: ClosingJob): boolean {
  try {
    const p = spawn(child.command, [...child.args, JSON.stringify(job)], {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
      env: { ...process.env, ...child.env },
    });
    p.on('error', () => {}); // a missing program: reported through the false below or, late, by no backup
    if (p.pid === undefined) return false;
    p.unref();
    return true;
  } catch {
    return false;
  }
}

/** What the last closing backup left, if it failed; read at the next start. */
export function closingFailure(localDir: string): { code: string; message: string } | null {
  try {
    const parsed = failureSchema.safeParse(JSON.parse(readFileSync(join(localDir, FAILURE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A later backup that passed clears the closing failure. */
export function clearClosingFailure(localDir: string): void {
  rmSync(join(localDir, FAILURE), { force: true });
}

/** Left for the next start when the closing backup failed. */
export function recordClosingFailure(localDir: string, failure: { code: string; message: string }): void {
  try {
    writeFileSync(join(localDir, FAILURE), JSON.stringify(failure));
  } catch {
    // the folder itself is the trouble: the next start finds no new backup and says so by its age
  }
}
