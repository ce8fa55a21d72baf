import type { BackupEntry } from '../../../shared/ipc/backup-schemas';
import { istDate } from '../../../shared/ist-date';

const WEEK_MS = 7 * 24 * 3600_000;

/** How many of each period keep their newest backup. */
const KEEP = { daily: 7, weekly: 4, monthly: 12 } as const;
/**
 * The newest backups kept whatever their day: a day with several (a close, a restore, a manual
 * one) must not lose its good morning copy to an evening copy of a ledger that went bad since.
 */
const KEEP_RECENT = 5;

/**
 * Which verified backups to keep: the newest of each of the last 7 days, 4 weeks and 12 months
 * (India time) that have one, and the 5 newest of all. The newest backup is always kept, so
 * nothing is ever deleted unless a newer verified backup exists.
 */
export function toKeep(backups: readonly BackupEntry[]): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at - a.at);
  const keep = new Set<string>(newestFirst.slice(0, KEEP_RECENT).map((b) => b.file));
  const periods: [keyof typeof KEEP, (at: number) => string][] = [
    ['daily', (at) => istDate(at)],
    // Weeks counted from the epoch's Thursday-based weeks: the bucket only needs to be stable.
    ['weekly', (at) => String(Math.floor(Date.parse(`${istDate(at)}T00:00:00Z`) / WEEK_MS))],
    ['monthly', (at) => istDate(at).slice(0, 7)],
  ];
  for (const [period, bucket] of periods) {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const key = bucket(b.at);
      if (seen.has(key)) continue;
      if (seen.size >= KEEP[period]) break;
      seen.add(key);
      keep.add(b.file);
    }
  }
  return keep;
}
