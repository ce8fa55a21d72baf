import * as z from 'zod';
import { outcomeSchema } from '../outcomes/outcome-registry';

/** One verified backup: when it was taken, where it is, and what it holds. */
export const backupEntrySchema = z.object({
  file: z.string(),
  at: z.number().int(),
  reason: z.enum(['close', 'daily', 'manual', 'before_restore']),
  /** Rows per table, as the ledger had them when the copy was taken and as the copy has them. */
  counts: z.record(z.string(), z.number().int()),
  /** The first and last transaction it holds (created_at), null when it holds none. */
  first: z.number().int().nullable(),
  last: z.number().int().nullable(),
  /** The ledger's change mark when copied: a close with nothing new since takes no backup. */
  fingerprint: z.string().default(''),
});

export const backupFolderSchema = z.object({
  kind: z.enum(['local', 'second']),
  path: z.string(),
  /** missing: the folder is gone (a USB drive taken out); unwritable: full or read-only. */
  state: z.enum(['ok', 'missing', 'unwritable']),
  newest: backupEntrySchema.nullable(),
});

export const backupStatusSchema = z.object({
  running: z.boolean(),
  /** The newest verified backup in any folder, with the folder it is in. */
  lastGood: backupEntrySchema.extend({ folder: z.string() }).nullable(),
  /** never: no backup yet; stale: the newest is older than two days; folder_missing: the second folder is gone. */
  warning: z.enum(['none', 'never', 'stale', 'folder_missing']),
  folders: z.array(backupFolderSchema),
  lastError: outcomeSchema.nullable(),
});

export type BackupEntry = z.infer<typeof backupEntrySchema>;
export type BackupStatus = z.infer<typeof backupStatusSchema>;
export type BackupFolder = z.infer<typeof backupFolderSchema>;

/** A backup to choose from when restoring: where it is and what it holds. */
export const backupChoiceSchema = backupEntrySchema.extend({ path: z.string(), folder: z.enum(['local', 'second']) });

export const restoreResultSchema = z.object({
  restoredFrom: z.string(),
  /** Where the ledger that was replaced was kept (never overwritten), null if there was none. */
  keptAside: z.string().nullable(),
  txns: z.number().int(),
  /** Transactions brought forward from the journal kept beside the newest snapshot. */
  journaled: z.number().int(),
  /** Open transactions in the restored ledger: each is checked with the provider now. */
  open: z.number().int(),
  /** Rows of the file that did not parse: left out of the history and named on screen. */
  rejected: z.number().int().default(0),
  rejectedRefs: z.array(z.string().max(64)).max(20).default([]),
  /** Where those rows were written, for support; null when none were. */
  quarantine: z.string().nullable().default(null),
});
