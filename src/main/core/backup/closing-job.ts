import { spawn, type ChildProcess } from 'node:child_process';
import { constants, getPriority, setPriority } from 'node:os';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { outcomeSchema, type Outcome } from '../../../shared/outcomes/outcome-registry';
import { PROFILE_MAX_CHARS } from '../../../shared/ipc/profile-schemas';
import { ROUTING_MAX_CHARS } from '../../../shared/ipc/routing-schemas';

/**
 * The backup of a clean close, handed to a child process so the quit does not wait for it (a
 * 1M-row ledger takes seconds to copy and verify). The child opens the closed ledger read-only,
 * takes the same verified, rotated backup the app takes (BackupService), and holds the backup
 * folder's lock (backup-lock.ts) until done, so the next start waits for it before it writes the
 * folder's list or swaps the ledger. A failure is left in a file the next start reads.
 */
/** Versions of imported profiles a backup carries besides the one in use: those open recharges were sent with. */
export const MAX_CARRIED_VERSIONS = 20;

export const closingJobSchema = z.object({
  ledgerFile: z.string().min(1),
  localDir: z.string().min(1),
  secondDir: z.string().nullable(),
  secondRoot: z.string().nullable(),
  settingsJson: z.string(),
  profileText: z.string().max(PROFILE_MAX_CHARS).nullable().default(null),
  routingText: z.string().max(ROUTING_MAX_CHARS).nullable().default(null),
  profileVersions: z.array(z.string().max(PROFILE_MAX_CHARS)).max(MAX_CARRIED_VERSIONS).default([]),
  fingerprint: z.string(),
  reason: z.enum(['close', 'daily', 'manual', 'before_restore']).default('close'),
});
export type ClosingJob = z.input<typeof closingJobSchema>;

/** How to start the closing-backup script (src/main/closing-backup.ts, built or as source); the job goes last. */
export interface ChildCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

const FAILURE = 'closing-backup-failed.json';

/** How far below the counter's own priority (Unix nice steps; Windows maps 10 to "below normal"). */
const BELOW = 10;

/**
 * Below the counter: on a two-core shop PC the copy and its checks must not take the CPU the
 * counter's process needs (a worker thread cannot be lowered on Windows; a process can).
 */
export function lowerPriority(pid: number): void {
  try {
    setPriority(pid, Math.min(constants.priority.PRIORITY_LOW, getPriority() + BELOW));
  } catch {
    // not allowed here: it still runs, at normal priority
  }
  // Linux with autogroups (most desktops): a detached child leads a new session, hence a new
  // scheduling group, and a nice value only ranks a process inside its group, so the group itself
  // is lowered (it holds the child alone). Elsewhere there is no such file.
  if (process.platform === 'linux') {
    try {
      writeFileSync(`/proc/${pid}/autogroup`, String(BELOW));
    } catch {
      // no autogroups here (or not allowed): the nice value above is what ranks it
    }
  }
}

function start(child: ChildCommand, job: ClosingJob): ChildProcess | null {
  try {
    const p = spawn(child.command, [...child.args, JSON.stringify(job)], {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
      env: { ...process.env, ...child.env },
    });
    p.on('error', () => {}); // a missing program: reported by the null below
    if (p.pid === undefined) return null;
    lowerPriority(p.pid);
    return p;
  } catch {
    return null;
  }
}

/**
 * Starts a child for the closing backup alone and lets it run on after this process exits: when no
 * backup child was running to hand it to (backup-child.ts). False when it could not start.
 */
export function launchClosingBackup(child: ChildCommand, job: ClosingJob): boolean {
  const p = start(child, job);
  p?.unref();
  return p !== null;
}

/** What the last closing backup left, if it failed; read at the next start. */
export function closingFailure(localDir: string): Outcome | null {
  let text: string;
  try {
    text = readFileSync(join(localDir, FAILURE), 'utf8');
  } catch {
    return null;
  }
  // The file is there, so the closing backup failed, whatever else it holds (an older version's
  // words, a half write): only a code of ours with fitting values is shown as it is.
  let raw: unknown = null;
  try {
    raw = JSON.parse(text);
  } catch {
    // fall through to the plain failure
  }
  const parsed = outcomeSchema.safeParse(raw);
  return parsed.success ? parsed.data : { code: 'backup_failed', params: { why: 'closing' } };
}

/** A later backup that passed clears the closing failure. */
export function clearClosingFailure(localDir: string): void {
  rmSync(join(localDir, FAILURE), { force: true });
}

/** Left for the next start when the closing backup failed. */
export function recordClosingFailure(localDir: string, failure: Outcome): void {
  try {
    writeFileSync(join(localDir, FAILURE), JSON.stringify(failure));
  } catch {
    // the folder itself is the trouble: the next start finds no new backup and says so by its age
  }
}
