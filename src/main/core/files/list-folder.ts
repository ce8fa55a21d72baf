import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { FOLDER_LIST_MAX } from '../../../shared/files-schemas';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { UserFacingError } from '../errors/user-facing-error';

/**
 * One folder's folders and files, for the window's own folder browser. A path that is a file
 * lists the folder it is in; an unreadable or missing folder is said, never an empty list.
 */
export function listFolder(path: string): ResponseOf<'files:list'> {
  const folder = resolve(path.trim());
  let found;
  try {
    found = readdirSync(folder, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOTDIR') throw new UserFacingError('folder_unreadable', { folder });
    return listFolder(dirname(folder));
  }
  const entries = found
    .filter((d) => !d.name.startsWith('.') && (d.isDirectory() || d.isFile()))
    .map((d) => ({ name: d.name, path: join(folder, d.name), kind: d.isDirectory() ? ('folder' as const) : ('file' as const) }))
    .sort((a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder') || a.name.localeCompare(b.name));
  const parent = dirname(folder);
  return {
    folder,
    parent: parent === folder ? null : parent,
    entries: entries.slice(0, FOLDER_LIST_MAX),
    more: entries.length > FOLDER_LIST_MAX,
  };
}
