import type { ResponseOf } from '../../../shared/ipc/contract';
import { UserFacingError } from '../errors/user-facing-error';
import type { ProviderSession } from '../session/provider-session';
import { basename, dirname } from 'node:path';
import { inspectBackup, prepareRestore, swapBack, swapInBackup, type PreparedRestore } from './restore';
import { loadIndex } from './backup-index';
import { readJournal } from './journal';
import { checkJournal, type RefusedLine } from './journal-check';

type Restored = { session: ProviderSession } & ({ result: ResponseOf<'backup:restore'> } | { error: UserFacingError });

/**
 * Restores a backup into the current session's ledger: the backup is checked first (a bad file
 * rejects here and changes nothing: the session goes on), the session is closed (which also
 * backs up the ledger being replaced), the backup takes its place with the current file kept
 * aside, and a new session opens on it, whose start-up reconciliation checks every open
 * transaction with the provider and whose ref_id generator starts past every ref_id in it. If the
 * new session cannot open, the previous ledger is put back and opened instead.
 */
export async function restoreInto(
  current: Promise<ProviderSession>,
  path: string,
  open: () => Promise<ProviderSession>,
  now: () => number,
  /** Told of journal lines refused by the money rules (journal-check.ts): never applied. */
  onRefused: (lines: readonly RefusedLine[]) => void = () => {},
): Promise<Restored> {
  const old = await current;
  const backup = await inspectBackup(path);
  if (old.recharge.busy) {
    throw new UserFacingError('busy_sending', { then: 'restore' });
  }
  const ledgerFile = old.ledger.file;
  let prepared: PreparedRestore;
  try {
    prepared = await prepareRestore(path, ledgerFile, now());
  } catch (e) {
    // A file of a shape we did not make is refused in its own words; nothing has changed.
    if (e instanceof UserFacingError) throw e;
    throw new UserFacingError('restore_failed', { stage: 'copy' });
  }
  await old.close();
  // The last session's closing backup may still be reading the ledger in its child process.
  await old.backups.whenIdle().catch(() => {});
  let keptAside: string | null = null;
  try {
    keptAside = swapInBackup(prepared.incoming, ledgerFile, now());
  } catch {
    // Whatever happened, the counter gets a session back, on the file as it was.
    return { session: await open(), error: new UserFacingError('restore_failed', { stage: 'swap' }) };
  }
  let session: ProviderSession | null = null;
  try {
    session = await open();
    // The newest snapshot in a folder that keeps a journal: what was journaled since comes back too.
    let journaled = 0;
    if ((await loadIndex(dirname(path)))[0]?.file === basename(path)) {
      const { entries, unreadable } = await readJournal(dirname(path));
      const { accepted, refused } = checkJournal(
        entries,
        (refId) => session?.ledger.get(refId) ?? null,
        (refId) => session?.ledger.sales.forRef(refId) ?? null,
      );
      // The money law refuses some lines only on the ledger as it stands at them: those come from the replay.
      const replayed = session.ledger.replayJournal(accepted, { snapshotAt: backup.at, now: now() });
      const all = [...unreadable, ...refused, ...replayed.refused];
      if (all.length > 0) onRefused(all);
      journaled = replayed.txns;
      if (journaled > 0) session.reconciler.begin(now()); // the replayed open ones are checked as well
    }
    return {
      session,
      result: {
        restoredFrom: path,
        keptAside,
        txns: prepared.txns,
        journaled,
        open: session.ledger.openTxns().length,
        rejected: prepared.rejected,
        rejectedRefs: [...prepared.rejectedRefs],
        quarantine: prepared.quarantine,
      },
    };
  } catch {
    // Anything failing after the swap puts the previous ledger back in use at once.
    await session?.close().catch(() => {});
    swapBack(ledgerFile, keptAside, now());
    return { session: await open(), error: new UserFacingError('restore_failed', { stage: 'swap' }) };
  }
}
