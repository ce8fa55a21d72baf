import { homedir } from 'node:os';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { FileKind } from '../../../shared/files-schemas';

/** How a shell lets the shopkeeper pick a folder or a file: the OS dialog, or the window's browser. */
export interface PathChooser {
  choose(kind: FileKind, start: string): Promise<ResponseOf<'files:choose'>>;
}

/**
 * A shell with no OS dialog (the web harness): the window browses by itself over files:list,
 * starting where the box points, or in the user's home folder.
 */
export const browseInWindow: PathChooser = {
  async choose(_kind, start) {
    return { way: 'browse', folder: start.trim() || homedir() };
  },
};
