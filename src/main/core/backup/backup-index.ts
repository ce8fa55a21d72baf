import { lstatSync, readFileSync } from 'node:fs';
import { lstat, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { backupEntrySchema, type BackupEntry } from '../../../shared/ipc/backup-schemas';
import { PRIVATE_FILE } from '../data-folder/private-files';

const INDEX = 'backups.json';
const indexSchema = z.object({ version: z.literal(1), backups: z.array(backupEntrySchema) });

const listed = (text: string): BackupEntry[] => indexSchema.parse(JSON.parse(text)).backups;
const newestFirst = (a: BackupEntry, b: BackupEntry) => b.at - a.at;

/**
 * A backup's name as this app writes it (`ledger-<stamp>.db`): one plain name inside its folder. The
 * index sits on a drive anyone may write, and rotation deletes what it names, so a separator, `..`
 * or an absolute path would reach files elsewhere (the owner's PIN file among them).
 */
const BACKUP_NAME = /^ledger-[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.db$/;

export function isBackupName(name: string): boolean {
  return name.length <= 120 && BACKUP_NAME.test(name);
}

type Log = (line: string) => void;

/** Keeps the entries that name a plain backup file in the folder; tells the log of the rest. */
function usable(all: BackupEntry[], isFile: (name: string) => boolean | Promise<boolean>, dir: string, log?: Log) {
  return all.map(async (b) => {
    if (!isBackupName(b.file)) {
      log?.(`backup index in ${dir}: ignored an entry that is not a backup name (${JSON.stringify(b.file.slice(0, 80))})`);
      return false;
    }
    return isFile(b.file);
  });
}

/**
 * The list of verified backups in one folder. Only a backup that passed its check is ever
 * listed, so rotation, status and restore read this instead of opening every file. Entries whose
 * file has gone, or is a link or anything but a plain file, are dropped when read. An unreadable
 * list hides nothing: the files are still there, and the next backup writes a new list. Never holds
 * the thread: the folder may be on a drive that was taken out.
 */
export async function loadIndex(dir: string, log?: Log): Promise<BackupEntry[]> {
  try {
    const all = listed(await readFile(join(dir, INDEX), 'utf8'));
    const plainFile = (name: string) =>
      lstat(join(dir, name)).then(
        (s) => s.isFile(),
        () => false,
      );
    const there = await Promise.all(usable(all, plainFile, dir, log));
    return all.filter((_, i) => there[i]).sort(newestFirst);
  } catch {
    return [];
  }
}

/** loadIndex, synchronously: for tests and tools that poll a folder of their own. */
export function readIndex(dir: string): BackupEntry[] {
  try {
    return listed(readFileSync(join(dir, INDEX), 'utf8'))
      .filter((b) => isBackupName(b.file) && (lstatSync(join(dir, b.file), { throwIfNoEntry: false })?.isFile() ?? false))
      .sort(newestFirst);
  } catch {
    return [];
  }
}

export async function writeIndex(dir: string, backups: readonly BackupEntry[]): Promise<void> {
  const file = join(dir, INDEX);
  await writeFile(`${file}.tmp`, JSON.stringify({ version: 1, backups }, null, 1), { mode: PRIVATE_FILE });
  await rename(`${file}.tmp`, file);
}
