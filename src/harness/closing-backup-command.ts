import { fileURLToPath } from 'node:url';
import type { ChildCommand } from '../main/core/backup/closing-job';

/** Runs src/harness/closing-backup-child.ts from source with tsx, on the Node that runs us. */
export function closingBackupFromSource(): ChildCommand {
  return {
    command: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./closing-backup-child.ts', import.meta.url))],
  };
}
