import { app } from 'electron';
import type { ChildCommand } from '../core/backup/closing-job';
import { backupChildMain } from '../core/backup/serve-backups';

/** The argument that starts the app as the backup child (no window, no single-instance lock). */
const FLAG = '--closing-backup';

/**
 * The packaged app has Electron's RunAsNode fuse off (resources/electron-builder.yml), so the
 * backup child cannot be a bare Node: it is the app's own program started with FLAG and what to do
 * (serve the app's backups, or take one closing backup), which runs in its main process and exits
 * without a window.
 */
export function closingBackupCommand(): ChildCommand {
  // execArgv: empty in the app (its fuses refuse Node options); the loaders of a stand-in that runs the bundle under Node.
  return { command: process.execPath, args: [...process.execArgv, ...(app.isPackaged ? [] : [app.getAppPath()]), FLAG] };
}

/** True when this process was started as the backup child: it does its work, then exits. */
export function runIfClosingBackup(argv: readonly string[]): boolean {
  const at = argv.indexOf(FLAG);
  if (at < 0) return false;
  app.dock?.hide();
  void backupChildMain(argv[at + 1]).then((code) => app.exit(code));
  return true;
}
