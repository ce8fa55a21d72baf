import { join } from 'node:path';
import type { ChildCommand } from '../main/core/backup/closing-job';

/**
 * Runs src/harness/closing-backup-child.ts from source with tsx, on the Node that runs us. Found
 * from the project root, not from this file: `npm run web` runs this file bundled into out/harness.
 */
export function closingBackupFromSource(projectRoot: string): ChildCommand {
  return {
    command: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), join(projectRoot, 'src/harness/closing-backup-child.ts')],
  };
}
