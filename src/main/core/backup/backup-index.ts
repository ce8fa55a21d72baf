import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { backupEntrySchema, type BackupEntry } from '../../../shared/ipc/backup-schemas';

const INDEX = 'backups.json';
const indexSchema = z.object({ version: z.literal(1), backups: z.array(backupEntrySchema) });

/**
 * The list of verified backups in one folder. Only a backup that passed its check is ever
 * listed, so rotation, status and restore read this instead of opening every file. Entries whose
 * file has gone are dropped when read.
 */
export function readIndex(dir: string): BackupEntry[] {
  const file = join(dir, INDEX);
  if (!existsSync(file)) return [];
  try {
    const parsed = indexSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.backups.filter((b) => existsSync(join(dir, b.file))).sort((a, b) => b.at - a.at);
  } catch {
    return []; // an unreadable list hides nothing: the files are still there, and the next backup writes a new list
  }
}

export function writeIndex(dir: string, backups: readonly BackupEntry[]): void {
  const file = join(dir, INDEX);
  writeFileSync(`${file}.tmp`, JSON.stringify({ version: 1, backups }, null, 1));
  renameSync(`${file}.tmp`, file);
}
