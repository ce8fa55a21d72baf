import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { Journal, readJournal } from '../../src/main/core/backup/journal';
import { checkJournal, type RefusedLine } from '../../src/main/core/backup/journal-check';
import { tempDir } from './temp-dir';

/**
 * A shop that wrote `before`, took a snapshot, then wrote `after` with a journal on (in `usb`, the
 * second folder's place): only the journal has what `after` wrote.
 */
export async function snapshotThenJournal(
  name: string,
  now: number,
  before: (ledger: Ledger) => void,
  after: (ledger: Ledger) => void,
): Promise<{ file: string; snapshot: string; usb: string }> {
  const dir = tempDir(name);
  const file = join(dir, 'ledger.db');
  const first = Ledger.open(file, now);
  try {
    before(first);
  } finally {
    first.close();
  }
  const snapshot = join(dir, 'snapshot.db');
  copyFileSync(file, snapshot);
  const l = Ledger.open(file, now);
  try {
    const usb = join(dir, 'usb');
    const journal = new Journal(
      () => usb,
      () => dir,
    );
    l.journal = (line) => journal.append(line);
    after(l);
    await journal.flush();
    return { file, snapshot, usb };
  } finally {
    l.close();
  }
}

/**
 * A restore's last step, as restore-session.ts takes it: the journal in `usb` read, checked against
 * the restored ledger in `target` and replayed; `look` reads the ledger before it is closed.
 */
export async function replayOnto<T extends object>(
  target: string,
  usb: string,
  now: number,
  look: (ledger: Ledger) => T,
): Promise<T & { refused: RefusedLine[] }> {
  const l = Ledger.open(target, now);
  try {
    const { entries, unreadable } = await readJournal(usb);
    const { accepted, refused } = checkJournal(
      entries,
      (ref) => l.get(ref) ?? null,
      (ref) => l.sales.forRef(ref),
    );
    // The restore's clock is the real one: the journal's lines were written before it.
    const replayed = l.replayJournal(accepted, { snapshotAt: now, now: Date.now() });
    return { refused: [...unreadable, ...refused, ...replayed.refused], ...look(l) };
  } finally {
    l.close();
  }
}
