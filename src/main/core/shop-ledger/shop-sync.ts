import type { Ledger } from '../ledger/ledger';
import type { ShopDb, ShopEventOut, ShopRowOut } from './shop-db';
import { checkRecord, recordNames } from './shop-records';
import { ownRecords, PEER_CLOCK_ALLOWANCE_MS } from './shop-records-out';
import { waitsForRows } from './shop-record-waits';
import {
  checkConflict,
  checkPulledRow,
  refusedNames,
  seqOf,
  seqSchema,
  type KeptSale,
  type PulledRow,
  type Refusal,
  type ShopConflict,
} from './shop-rows';
import { ACCOUNT_NAME_MAX } from './shop-rows';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';

/** Events per push and rows per pull: one short transaction each, at any backlog. */
const BATCH = 500;
/** How long a recharge waits for the shop ledger's duplicate check before going on without it. */
export const CLAIM_WAIT_MS = 1500;
/** A claim older than this is from a counter that stopped after claiming. */
const CLAIM_TTL_MS = 120_000;
const RETRY = { first: 1000, max: 15_000 };
/** The longest a closing session waits for a sync under way, and then for the connection to close. */
const STOP_WAIT_MS = 200;
/**
 * A sync with no answer for this long means the shop ledger is not reachable, though no error came:
 * a server that hangs (paused, swapping, a dead link that TCP has not noticed) holds its connections
 * open and answers nothing. The counter says so then, not when the server comes back.
 */
export const SYNC_WAIT_MS = 10_000;
/**
 * How long another counter may take to bring a row to the shop ledger after the provider moved the
 * wallet for it: its push is sent as it writes (tens of ms, docs/shared-ledger.md), and this covers
 * a push that waited for the sync already under way there (the 2 s interval).
 */
export const PEER_PUSH_MS = 2000;
/** The longest quitting waits to send what this counter wrote since the last sync. */
const FLUSH_WAIT_MS = 1500;

export interface ShopSyncDeps {
  db: ShopDb;
  ledger: Pick<Ledger, 'shop' | 'get' | 'shopRecords'>;
  counter: { prefix: string; name: string };
  /** Which shop ledger this is (its address): cursors kept for another one start again. */
  shopKey: string;
  now: () => number;
  /** Wait between syncs while the shop ledger answers. */
  intervalMs?: number;
  /** Told when the shop ledger stops or starts answering (the notice). */
  onOnline?: (online: boolean, offlineSince: number | null) => void;
  log?: (message: string, detail?: unknown) => void;
  /** A provider account's name as this counter knows it, sent with each attempt (none: the others see its id). */
  accountName?: (id: string) => string;
  /** Which provider wallet an account spends from (balance/wallet-key.ts), sent with each attempt; null: not said. */
  walletKey?: (id: string) => string | null;
  /**
   * Told of the other counters' rows just kept, each with what was kept of it before (null: new
   * here), after they are in the file: the wallet watch counts those on its own wallet.
   */
  onPeerRows?: (changes: readonly PeerChange[]) => void;
  /** Told of each row refused (the notice): how many so far, and the last one's names and reason. */
  onRefused?: (r: { rows: number; refId: string; counter: string; reason: Refusal }) => void;
}

/** Another counter's row as this counter kept it before a pull, and as the pull kept it. */
export interface PeerChange {
  before: KeptSale | null;
  after: PulledRow;
}

export type GuardAnswer = { kind: 'clear' } | { kind: 'offline' } | { kind: 'conflict'; conflict: ShopConflict };

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Keeps one counter's ledger and the shop ledger in step (docs/shared-ledger.md): pushes this
 * counter's events after the outbox cursor, pulls the other counters' rows into `shop_rows`, and
 * answers the duplicate check before a send. Local SQLite stays the truth; when the server is
 * away, nothing waits on it and nothing is lost: the cursor only moves after a commit.
 */
export class ShopSync {
  private prepared = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The last push before quitting is under way: no new sync is started meanwhile. */
  private quitting = false;
  private failures = 0;
  online: boolean | null = null;
  offlineSince: number | null = null;
  lastSyncAt: number | null = null;
  /** Rows from the server refused as not trustworthy, since start. */
  refused = 0;
  /** The change number every other counter's row up to is here (the last complete pull's), for flag checks. */
  private rowsThrough = 0;
  /** The last pull of rows stopped at a row numbered ahead: it will not pass it next time either. */
  private rowsStuck = false;
  /** Refusals already told, so a row met again at each sync is told once. */
  private readonly told = new Set<string>();

  constructor(private readonly deps: ShopSyncDeps) {
    if (deps.ledger.shop.cursor().shopKey !== deps.shopKey) {
      // Another shop ledger (or the first): everything is sent again (idempotent) and pulled afresh.
      deps.ledger.shop.resetFor(deps.shopKey);
      deps.ledger.shopRecords.reset();
    }
  }

  start(): void {
    this.schedule(0);
  }

  /** Something changed here: send it soon. */
  kick(): void {
    if (this.online === false) return; // the retry timer is already waiting
    // A sync under way may have read past this write; ending before the timer below fires, it
    // would put that timer back to the interval, and the write would wait 2 s (a sale in twenty).
    if (this.running) this.again = true;
    this.schedule(0);
  }

  /** Runs one sync now and waits for it (tests, and before quitting if the server answers). */
  async syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      await this.running;
    }
    await this.run();
  }

  /**
   * The other counters' rows as they stand once a change made by `at` had time to reach the shop
   * ledger: a counter pushes its row as it writes it, before and after its request, so one sync
   * begun PEER_PUSH_MS later has it. False when the shop ledger does not answer (it is offline,
   * or the sync found it so).
   */
  async caughtUp(at: number): Promise<boolean> {
    if (this.online === false || this.stopped) return false;
    const wait = Math.min(at + PEER_PUSH_MS - this.deps.now(), PEER_PUSH_MS);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    await withTimeout(this.syncNow(), SYNC_WAIT_MS).catch(() => {});
    return this.online === true && !this.stopped;
  }

  unsent(): number {
    const shop = this.deps.ledger.shop;
    return shop.countAfter(shop.cursor().pushed) + this.deps.ledger.shopRecords.unsent();
  }

  /**
   * Stops syncing. Quitting never waits long on the server (it may be unreachable): a push cut
   * short is sent again at the next start, which changes nothing.
   */
  async stop({ flush = false }: { flush?: boolean } = {}): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const settle = (p: Promise<unknown>, ms = STOP_WAIT_MS) => withTimeout(p, ms).catch(() => {});
    // Quitting with the shop ledger answering: what this counter wrote since the last sync goes now,
    // not at the next start (the others would not see the day's last sales until then). Bounded:
    // quitting never waits long, and what is cut short is sent at the next start, changing nothing.
    if (flush && this.online === true && this.prepared && !this.stopped) {
      this.quitting = true;
      await settle(
        (async () => {
          if (this.running) await this.running;
          while (await this.pushBatch());
          while (await this.pushRecords());
        })(),
        FLUSH_WAIT_MS,
      );
    }
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await settle(this.running);
    await settle(this.deps.db.close());
  }

  private schedule(ms: number): void {
    if (this.stopped || this.quitting) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
    this.timer.unref();
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      // The sync itself is left to finish (a hung server's answer may still come, and its push is
      // idempotent): only what the counter says, and the duplicate check's wait, change meanwhile.
      const silent = setTimeout(() => this.markOffline(new Error(`no answer in ${SYNC_WAIT_MS} ms`)), SYNC_WAIT_MS);
      silent.unref();
      try {
        do {
          this.again = false;
          await this.syncOnce();
        } while (this.again && !this.stopped);
        this.markOnline();
        this.schedule(this.deps.intervalMs ?? 2000);
      } catch (e) {
        this.markOffline(e);
        this.schedule(Math.min(RETRY.first * 2 ** Math.min(this.failures - 1, 6), RETRY.max));
      } finally {
        clearTimeout(silent);
        this.running = null;
      }
    })();
    return this.running;
  }

  private async syncOnce(): Promise<void> {
    if (!this.prepared) {
      await this.deps.db.prepare(this.deps.counter);
      this.prepared = true;
      // Another counter's push wakes this one (its own pushes wake it too: a pull that finds nothing).
      void this.deps.db
        .onPush(() => this.kick())
        .catch((e: unknown) => this.deps.log?.('shop ledger: no push wake-ups; the timer pulls', e));
    }
    while (!this.stopped && (await this.pushBatch()));
    while (!this.stopped && (await this.pushRecords()));
    while (!this.stopped && (await this.pullBatch()));
    while (!this.stopped && (await this.pullRecords()));
    this.lastSyncAt = this.deps.now();
  }

  /** Sends the next events after the cursor with their rows' current state; true if more may wait. */
  private async pushBatch(): Promise<boolean> {
    const shop = this.deps.ledger.shop;
    const events = shop.eventsAfter(shop.cursor().pushed, BATCH);
    if (events.length === 0) return false;
    const lastByRef = new Map<string, number>();
    for (const e of events) lastByRef.set(e.refId, e.eventId);
    const rows: ShopRowOut[] = [];
    for (const [refId, lastEventId] of lastByRef) {
      const t = this.deps.ledger.get(refId);
      if (!t) continue; // an event without its row (a hand-edited file): nothing to show the shop
      rows.push({
        refId,
        number: t.number,
        operator: t.operator,
        amount: t.amount,
        status: t.status,
        txnId: t.txnId,
        optId: t.optId,
        margin: t.margin,
        message: t.message,
        rechargeDate: t.rechargeDate,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        lastEventId,
        saleId: t.saleId ?? refId,
        attemptNo: t.attemptNo ?? 1,
        accountId: t.accountId ?? FIRST_ACCOUNT_ID,
        accountName: (this.deps.accountName?.(t.accountId ?? FIRST_ACCOUNT_ID) ?? '').slice(0, ACCOUNT_NAME_MAX),
        walletKey: this.deps.walletKey?.(t.accountId ?? FIRST_ACCOUNT_ID) ?? null,
      });
    }
    const out: ShopEventOut[] = events;
    await this.deps.db.push(this.deps.counter.prefix, rows, out);
    // Only after the commit: a crash before this line sends the batch again, which changes nothing.
    const last = events.at(-1)!.eventId;
    shop.markPushed(last);
    return events.length === BATCH;
  }

  /**
   * Takes the other counters' changes after the pull cursor; true if more may wait. The cursor
   * moves only over rows read in order (each change number above the last, none past the shop
   * ledger's own counter): a row numbered far ahead is refused and stops the batch, so it cannot
   * carry the cursor past the rows that come after it. A refused row in order is passed (its
   * counter's next change has a new number); it is never kept.
   */
  private async pullBatch(): Promise<boolean> {
    const shop = this.deps.ledger.shop;
    const { rows: raw, lastSeq: rawLast } = await this.deps.db.pull(this.deps.counter.prefix, shop.cursor().pulled, BATCH);
    const last = seqSchema.safeParse(rawLast);
    const lastSeq = last.success ? last.data : 0;
    if (shop.cursor().pulled > lastSeq && last.success) {
      this.deps.log?.('shop ledger: the pull cursor was past the shop ledger itself; pulling again from the start');
      shop.rewindPull();
      return true;
    }
    const keep: PeerChange[] = [];
    let highest = shop.cursor().pulled;
    let inOrder = true;
    for (const r of raw) {
      const seq = seqOf(r);
      if (seq === null || seq <= highest || seq > lastSeq) {
        this.refuse(refusedNames(r), seq === null ? 'bad_values' : 'seq_ahead', seq);
        inOrder = false;
        break;
      }
      highest = seq;
      const before = this.keptSale(r);
      const checked = checkPulledRow(r, this.deps.counter.prefix, before);
      if ('row' in checked) keep.push({ before, after: checked.row });
      else this.refuse(refusedNames(r), checked.refused, seq);
    }
    shop.keepPulled(
      keep.map((c) => c.after),
      highest,
    );
    if (keep.length > 0) this.deps.onPeerRows?.(keep);
    if (inOrder && raw.length < BATCH) this.rowsThrough = lastSeq;
    this.rowsStuck = !inOrder;
    return inOrder && raw.length === BATCH;
  }

  /**
   * Sends this counter's records after each kind's cursor (sales before the entries that name
   * them: entries wait while sales are a full batch behind); true if more may wait. Each cursor
   * moves only after the commit: a batch sent again changes nothing (the server keeps the newer).
   */
  private async pushRecords(): Promise<boolean> {
    const records = this.deps.ledger.shopRecords;
    const batch = ownRecords(records, BATCH, this.deps.counter.prefix);
    if (batch.records.length === 0) return false;
    await this.deps.db.pushRecords(this.deps.counter.prefix, batch.records);
    for (const c of batch.cursors) records.markPushed(c.kind, c.at, c.id);
    return batch.more;
  }

  /**
   * Takes the other counters' records after the records cursor, by pullBatch's rules: in order,
   * none past lastSeq, a refused record told by name once and never kept. Each is checked by its
   * kind's schema and the money law (shop-records.ts) and kept in the peer tables, whose triggers
   * move the khata once; checks and keeps of a batch are one SQLite transaction.
   */
  private async pullRecords(): Promise<boolean> {
    const records = this.deps.ledger.shopRecords;
    const { rows: raw, lastSeq: rawLast } = await this.deps.db.pullRecords(this.deps.counter.prefix, records.pulled(), BATCH);
    const last = seqSchema.safeParse(rawLast);
    const lastSeq = last.success ? last.data : 0;
    if (records.pulled() > lastSeq && last.success) {
      this.deps.log?.('shop ledger: the records cursor was past the shop ledger itself; pulling again from the start');
      records.rewindPull();
      return true;
    }
    const span = { firstDay: '2020-01-01', until: this.deps.now() + PEER_CLOCK_ALLOWANCE_MS };
    return records.batch(() => {
      let highest = records.pulled();
      for (const r of raw) {
        const seq = seqOf(r);
        if (seq === null || seq <= highest || seq > lastSeq) {
          this.refuse(recordNames(r), seq === null ? 'bad_values' : 'seq_ahead', seq);
          records.movePulled(highest);
          return false;
        }
        if (waitsForRows(r, seq, this.rowsThrough)) {
          records.movePulled(highest);
          // Its rows are on the server already: one more round now reads them, then it.
          if (!this.rowsStuck) this.again = true;
          return false;
        }
        highest = seq;
        const checked = checkRecord(r, this.deps.counter.prefix, span, records);
        if ('keep' in checked) records.keep(checked.keep, { ours: this.deps.counter.prefix, now: this.deps.now() });
        else this.refuse(recordNames(r), checked.refused, seq);
      }
      records.movePulled(highest);
      return raw.length === BATCH;
    });
  }

  /** The kept version of the row a raw one names, if any (only for a ref_id of our shape). */
  private keptSale(raw: unknown): KeptSale | null {
    const { refId } = refusedNames(raw);
    return this.deps.ledger.shop.kept(refId) ?? null;
  }

  /** Counts, logs and tells of a refused row once (a row that stops the pull is met again at each sync). */
  private refuse(names: { refId: string; counter: string }, reason: Refusal, seq: number | null): void {
    const key = `${names.refId}:${seq ?? ''}:${reason}`;
    if (this.told.has(key)) return;
    if (this.told.size > 10_000) this.told.clear();
    this.told.add(key);
    this.refused++;
    this.deps.log?.(`shop ledger: a row was refused (${reason}) and not kept: ${names.refId} from ${names.counter}`);
    this.deps.onRefused?.({ rows: this.refused, refId: names.refId, counter: names.counter, reason });
  }

  private markOnline(): void {
    if (this.stopped) return;
    this.failures = 0;
    if (this.online === true) return;
    const wasOffline = this.online === false;
    this.online = true;
    this.offlineSince = null;
    // Only a return is news: the first connection after start says nothing.
    if (wasOffline) this.deps.onOnline?.(true, null);
  }

  private markOffline(e: unknown): void {
    // A sync cut short by closing is not the server going away.
    if (this.stopped) return;
    this.failures++;
    if (this.online === false) return;
    this.deps.log?.('shop ledger: not reachable; this counter goes on alone', e);
    this.online = false;
    this.offlineSince = this.deps.now();
    this.deps.onOnline?.(false, this.offlineSince);
  }

  /**
   * The duplicate check across counters, before a send: another counter sending to this number
   * now, an open recharge of theirs, or the same amount within the window. Clear means this
   * counter's claim is written. Offline (known, or no answer in CLAIM_WAIT_MS) means go on alone.
   */
  async guard(r: { number: string; amount: number; refId: string; since: number; force: boolean }): Promise<GuardAnswer> {
    if (this.online === false || this.stopped) return { kind: 'offline' };
    const ask = (force: boolean) =>
      withTimeout(
        this.deps.db.claim({ ...r, force, counter: this.deps.counter.prefix, now: this.deps.now(), claimTtlMs: CLAIM_TTL_MS }),
        CLAIM_WAIT_MS,
      );
    try {
      const first = await ask(r.force);
      const conflicts = first.conflicts.flatMap((c) => {
        const ok = checkConflict(c, this.deps.counter.prefix);
        if (!ok) this.refused++;
        return ok ? [ok] : [];
      });
      if (!first.claimed && conflicts[0]) return { kind: 'conflict', conflict: conflicts[0] };
      // Held back only by rows that cannot be trusted: claim past them.
      if (!first.claimed) await ask(true);
      return { kind: 'clear' };
    } catch (e) {
      this.markOffline(e);
      this.schedule(RETRY.first);
      return { kind: 'offline' };
    }
  }
}
