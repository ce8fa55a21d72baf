import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { backupEntrySchema, type BackupEntry } from '../../../shared/ipc/backup-schemas';
import { exists } from './exists';

const INDEX = 'backups.json';
const indexSchema = z.object({ version: z.literal(1), backups: z.array(backupEntrySchema) });

const listed = (text: string): BackupEntry[] => indexSchema.parse(JSON.parse(text)).backups;
const newestFirst = (a: BackupEntry, b: BackupEntry) => b.at - a.at;

/**
 * The list of verified backups in one folder. Only a backup that passed its check is ever
 * listed, so rotation, status and restore read this instead of opening every file. Entries whose
 * file has gone are dropped when read. An unreadable list hides nothing: the files are still
 * there, and the next backup writes a new list. Never holds the thread: the folder may be on a
 * drive that was taken out.
 */
export async function loadIndex(dir: string): Promise<BackupEntry[]> {
  try {
    const all = listed(await readFile(join(dir, INDEX), 'utf8'));
    const there = await Promise.all(all.map((b) => exists(join(dir, b.file))));
    return all.filter((_, i) => there[i]).sort(newestFirst);
  } catch {
    return [];
  }
}

/** loadIndex, synchronously: for tests and tools that poll a folder of their own. */
export function readIndex(dir: string): BackupEntry[] {
  try {
    return listed(readFileSync(join(dir, INDEX), 'utf8'))
      .filter((b) => existsSync(join(dir, b.file)))
      .sort(newestFirst);
  } catch {
    return [];
  }
}

export async function writeIndex(dir: string, backups: readonly BackupEntry[]): Promise<void> {
  const file = join(dir, INDEX);
  await writeFile(`${file}.tmp`, JSON.stringify({ version: 1, backups }, null, 1));
  await rename(`${file}.tmp`, file);
}
