import { appendFile, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { exists } from './exists';
import { txnEventSchema, txnViewSchema } from '../../../shared/ipc/txn-schemas';
import type { JournalLine } from '../ledger/ledger';
import { moneyLineSchema, saleLineSchema } from '../ledger/money-lines';
import { flagLineSchema } from '../ledger/flag-lines';
import { answerFixLineSchema, answerLineSchema } from '../ledger/answer-lines';
import { doneLineSchema } from '../ledger/done-lines';
import type { RefusedLine } from './journal-check';
import { cleanPeerText } from '../../../shared/peer-text';
import { PRIVATE_FILE, privateFolder } from '../data-folder/private-files';

const CURRENT = 'journal.ndjson';
/** The part a backup under way is taking over; deleted once that backup is verified. */
const HANDED_OVER = 'journal.handed-over.ndjson';

const entrySchema = z.object({
  txn: txnViewSchema,
  event: txnEventSchema.omit({ id: true }).nullable(),
  // The bound the ledger's own rows keep (row-schemas.ts); read as text, parsed where it is used.
  routeJson: z.string().max(4000).optional(),
});
/** A transaction's line has no kind (journals written before sales were journaled have only these). */
const lineSchema = z.union([
  entrySchema,
  saleLineSchema,
  moneyLineSchema,
  flagLineSchema,
  answerLineSchema,
  answerFixLineSchema,
  doneLineSchema,
]);

/**
 * Every change to a transaction, every sale and money entry (a khata payment, a UPI marked
 * received, money given back), and every sale flag (a possible double, the owner's check), appended and fsync'd to a file in the second backup folder, so
 * that between two snapshots nothing lives only on the main disk: restoring the newest snapshot
 * and replaying this file gives every transaction, the last one sent included. Writes are queued
 * and flushed off the recharge's path (one write and one fdatasync per batch), so a slow USB
 * drive never holds up the counter; a journal that cannot be written never stops a recharge.
 * Every file call here is on the second folder, often a USB drive: none may hold the thread.
 */
export class Journal {
  private queue: string[] = [];
  private flushing: Promise<void> | null = null;
  failed: string | null = null;

  /** `root` is the folder the shopkeeper picked: nothing is written unless it is there (see BackupDeps.secondRoot). */
  constructor(
    private readonly dir: () => string | null,
    private readonly root: () => string | null = dir,
  ) {}

  append(line: JournalLine): void {
    if (!this.dir()) return;
    this.queue.push(`${JSON.stringify(line)}\n`);
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain()).finally(() => (this.flushing = null));
  }

  /** Waits until everything appended so far is on the drive (or failed). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.join('');
      this.queue = [];
      try {
        const dir = this.dir();
        const root = this.root();
        if (!dir || !root || !(await exists(root))) throw new Error(`the second backup folder ${root ?? ''} is not there`);
        await privateFolder(dir);
        const handle = await open(join(dir, CURRENT), 'a', PRIVATE_FILE);
        try {
          await handle.write(batch);
          await handle.datasync();
        } finally {
          await handle.close();
        }
        this.failed = null;
      } catch (e) {
        this.failed = e instanceof Error ? e.message : 'the journal could not be written';
      }
    }
  }

  /**
   * Called before a snapshot is taken: what was journaled so far is handed to that snapshot
   * (which will hold all of it). If the previous hand-over's backup failed, both are kept.
   */
  async handOver(): Promise<void> {
    await this.flush();
    const dir = this.dir();
    if (!dir || !(await exists(join(dir, CURRENT)))) return;
    if (await exists(join(dir, HANDED_OVER))) {
      await appendFile(join(dir, HANDED_OVER), await readFile(join(dir, CURRENT)), { flush: true });
      await rm(join(dir, CURRENT));
    } else {
      await rename(join(dir, CURRENT), join(dir, HANDED_OVER));
    }
  }

  /** The snapshot after the hand-over is verified in the second folder: its part is no longer needed. */
  async settled(): Promise<void> {
    const dir = this.dir();
    if (dir) await rm(join(dir, HANDED_OVER), { force: true });
  }
}

/**
 * Every entry of the journal in a folder, oldest first. A line that is not JSON was cut short by a
 * power cut or the drive taken out: skipped, the entries around it still count. A line that is
 * JSON but not an entry was written by something else: refused and named (`unreadable`).
 */
export async function readJournal(dir: string): Promise<{ entries: JournalLine[]; unreadable: RefusedLine[] }> {
  const entries: JournalLine[] = [];
  const unreadable: RefusedLine[] = [];
  for (const name of [HANDED_OVER, CURRENT]) {
    const file = join(dir, name);
    if (!(await exists(file))) continue;
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      if (!line.trim()) continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const parsed = lineSchema.safeParse(json);
      if (parsed.success) entries.push(parsed.data);
      else unreadable.push({ refId: refIdIn(json), reason: 'bad_values' });
    }
  }
  return { entries, unreadable };
}

const namedRef = z.union([
  z.object({ txn: z.object({ refId: z.string() }) }).transform((l) => l.txn.refId),
  z.object({ sale: z.object({ refId: z.string() }) }).transform((l) => l.sale.refId),
  z.object({ entry: z.object({ refId: z.string() }) }).transform((l) => l.entry.refId),
  z.object({ flag: z.object({ saleId: z.string() }) }).transform((l) => l.flag.saleId),
  z.object({ change: z.object({ refId: z.string() }) }).transform((l) => l.change.refId),
  z.object({ fix: z.object({ saleId: z.string() }) }).transform((l) => l.fix.saleId),
]);

/** The ref_id a damaged line names, for the notice: text only, bounded. */
function refIdIn(json: unknown): string {
  const ref = namedRef.safeParse(json);
  return ref.success ? cleanPeerText(ref.data).slice(0, 64) : '';
}
