import { UserFacingError } from '../errors/user-facing-error';
import { BackupService } from './backup-service';
import { closingJobSchema, recordClosingFailure, type ClosingJob } from './closing-job';
import { Journal } from './journal';

/** In the child: the backup itself. Exits non-zero (and leaves the reason for the next start) on failure. */
export async function runClosingBackup(job: ClosingJob): Promise<boolean> {
  const journal = new Journal(
    () => job.secondDir,
    () => job.secondRoot,
  );
  const service = new BackupService({
    ledgerFile: job.ledgerFile,
    localDir: job.localDir,
    secondDir: () => job.secondDir,
    secondRoot: () => job.secondRoot,
    settingsJson: () => job.settingsJson,
    profileText: () => job.profileText ?? null,
    routingText: () => job.routingText ?? null,
    profileVersions: () => job.profileVersions ?? [],
    fingerprint: () => job.fingerprint,
    now: Date.now,
    setSecondFolder: () => {},
    beforeSnapshot: () => journal.handOver(),
    secondVerified: () => journal.settled(),
  });
  try {
    await service.backup(closingJobSchema.parse(job).reason);
    return true;
  } catch (e) {
    const failure = e instanceof UserFacingError ? e : new UserFacingError('backup_failed', { why: 'closing' });
    recordClosingFailure(job.localDir, failure.outcome);
    return false;
  }
}
