import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

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

/** Creates a folder (and its parents) private, and makes it private if it was there already. */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(dir, PRIVATE_DIR).catch(() => {});
}

export function privateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  try {
    chmodSync(dir, PRIVATE_DIR);
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
