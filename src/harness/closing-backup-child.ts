import { closingJobSchema } from '../main/core/backup/closing-job';
import { runClosingBackup } from '../main/core/backup/closing-backup';

/**
 * The closing backup's child when the core runs under Node (the web harness, the tests, the
 * bench): started by `closingBackupFromSource()` with the job as its last argument.
 */
const job = closingJobSchema.parse(JSON.parse(process.argv.at(-1) ?? ''));
void runClosingBackup(job).then((ok) => {
  process.exitCode = ok ? 0 : 1;
});
