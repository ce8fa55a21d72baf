import { app } from 'electron';
import type { ChildCommand } from '../core/backup/closing-job';
import { closingJobSchema } from '../core/backup/closing-job';
import { runClosingBackup } from '../core/backup/closing-backup';

/** The argument that starts the app as the closing backup's child (no window, no single-instance lock). */
const FLAG = '--closing-backup';

/**
 * The packaged app has Electron's RunAsNode fuse off (resources/electron-builder.yml), so the
 * child cannot be a bare Node: it is the app's own program started with FLAG and the job, which
 * runs the backup in its main process and exits without a window.
 */
export function closingBackupCommand(): ChildCommand {
  // execArgv: empty in the app (its fuses refuse Node options); the loaders of a stand-in that runs the bundle under Node.
  return { command: process.execPath, args: [...process.execArgv, ...(app.isPackaged ? [] : [app.getAppPath()]), FLAG] };
}

/** True when this process was started as the closing backup: it runs it, then exits. */
export function runIfClosingBackup(argv: readonly string[]): boolean {
  const at = argv.indexOf(FLAG);
  if (at < 0) return false;
  app.dock?.hide();
  const job = closingJobSchema.safeParse(safeJson(argv[at + 1]));
  if (!job.success) {
    app.exit(2);
    return true;
  }
  void runClosingBackup(job.data).then((ok) => app.exit(ok ? 0 : 1));
  return true;
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
