import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserFacingError } from '../errors/user-facing-error';
import { makePrivate, PRIVATE_FILE } from '../data-folder/private-files';

/** The few file operations an export makes; tests hand in one that fails like a full disk. */
export interface ExportIo {
  open(path: string): Promise<{ write(text: string): Promise<unknown>; sync(): Promise<void>; close(): Promise<void> }>;
}

const nodeIo: ExportIo = { open: (path) => open(path, 'wx', PRIVATE_FILE) };

export type ExportBody =
  | { kind: 'chunks'; chunks: AsyncIterable<{ text: string; rows: number }> | Iterable<{ text: string; rows: number }> }
  | { kind: 'file'; write: (tmp: string) => Promise<number> };

function codeOf(e: unknown): string {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : '';
}

function explain(e: unknown, folder: string): UserFacingError {
  const code = codeOf(e);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new UserFacingError('export_disk_full', {});
  }
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new UserFacingError('export_folder_missing', { folder });
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new UserFacingError('export_not_allowed', { folder });
  }
  return new UserFacingError('export_failed', {});
}

/**
 * Writes an export beside its final name and renames it into place only when complete and on
 * disk, so a full disk or a pulled pen drive leaves no half file and an older file untouched.
 */
export async function writeExport(path: string, body: ExportBody, io: ExportIo = nodeIo): Promise<number> {
  const folder = dirname(path);
  const tmp = join(folder, `.${basename(path)}.${process.pid}.part`);
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    let rows = 0;
    if (body.kind === 'chunks') {
      const handle = await io.open(tmp);
      try {
        for await (const chunk of body.chunks) {
          await handle.write(chunk.text);
          rows += chunk.rows;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
    } else {
      rows = await body.write(tmp);
      await makePrivate(tmp);
    }
    await rename(tmp, path);
    return rows;
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => {});
    throw explain(e, folder);
  }
}
