import { backupChildMain } from '../main/core/backup/serve-backups';

/**
 * The backup child when the core runs under Node (the web harness, the tests, the bench): started
 * by `closingBackupFromSource()` with what to do as its last argument (serve the app, or one job).
 */
void backupChildMain(process.argv.at(-1)).then((code) => {
  process.exitCode = code;
});
