import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';

/**
 * The books and the settings are the shop's alone: files only the user can read and write, folders
 * only the user can enter. A drive without Unix modes (a FAT pen drive, Windows) refuses or ignores
 * the change; that is no reason to fail a backup or a start.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Makes an existing file private (its mode from before, or the umask's, may let others read it). */
export async function makePrivate(file: string): Promise<void> {
  await chmod(file, PRIVATE_FILE).catch(() => {});
}

/**
 * A folder with the sticky bit (the system's temp folder, a shared drop folder) is everyone's: a
 * ledger or an export put there straight makes the app's files private, never the folder, which
 * would lock every other user and program out of it.
 */
const SHARED = 0o1000;

/** Creates a folder (and its parents) private, and makes it private if it was there already (unless shared). */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const mode = await stat(dir).then(
    (s) => s.mode,
    () => 0,
  );
  if ((mode & SHARED) === 0) await chmod(dir, PRIVATE_DIR).catch(() => {});
}

export function privateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  try {
    if ((statSync(dir).mode & SHARED) === 0) chmodSync(dir, PRIVATE_DIR);
  } catch {
    // see above: a drive without modes
  }
}

/** makePrivate for the files that exist of these (a ledger and its -wal and -shm). */
export function makePrivateSync(...files: string[]): void {
  for (const f of files) {
    try {
      if (existsSync(f)) chmodSync(f, PRIVATE_FILE);
    } catch {
      // see above: a drive without modes
    }
  }
}
