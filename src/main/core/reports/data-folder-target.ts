import { privateFolder } from '../data-folder/private-files';
import { join } from 'node:path';
import type { ExportTarget } from './export-target';

/** With no save dialog (the web harness, tests), exports go to `exports/` in the data folder. */
export function dataFolderTarget(dataDir: string): ExportTarget {
  return {
    async choose(name) {
      const folder = join(dataDir, 'exports');
      await privateFolder(folder);
      return join(folder, name);
    },
  };
}
