import * as z from 'zod';
import type { Ledger } from '../ledger/ledger';
import type { ShopDb, ShopEventOut, ShopRowOut } from './shop-db';
import { checkConflict, checkPulledRow, type PulledRow, type ShopConflict } from './shop-rows';

/** Events per push and rows per pull: one short transaction each, at any backlog. */
const BATCH = 500;
/** How long a recharge waits for the shop ledger's duplicate check before going on without it. */
export const CLAIM_WAIT_MS = 1500;
/** A claim older than this is from a counter that stopped after claiming. */
const CLAIM_TTL_MS = 120_000;
const RETRY = { first: 1000, max: 15_000 };
/** The longest a closing session waits for a sync under way, and then for the connection to close. */
const STOP_WAIT_MS = 200;

export interface ShopSyncDeps {
  db: ShopDb;
  ledger: Pick<Ledger, 'db' | 'get'>;
  counter: { prefix: string; name: string };
  /** Which shop ledger this is (its address): cursors kept for another one start again. */
  shopKey: string;
  now: () => number;
  /** Wait between syncs while the shop ledger answers. */
  intervalMs?: number;
  /** Told when the shop ledger stops or starts answering (the notice). */
  onOnline?: (online: boolean, offlineSince: number | null) => void;
  log?: (message: string, detail?: unknown) => void;
}

export type GuardAnswer = { kind: 'clear' } | { kind: 'offline' } | { kind: 'conflict'; conflict: ShopConflict };

const cursorRow = z.object({ shopKey: z.string(), pushed: z.number().int(), pulled: z.number().int() });
const eventRows = z.array(
  z.object({
    eventId: z.number().int(),
    refId: z.string(),
    at: z.number().int(),
    fromStatus: z.string().nullable(),
    toStatus: z.string(),
    source: z.string(),
  }),
);
const countRow = z.object({ n: z.number().int() });

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
  private readonly s;
  private prepared = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failures = 0;
  online: boolean | null = null;
  offlineSince: number | null = null;
  lastSyncAt: number | null = null;
  /** Rows from the server refused as not trustworthy, since start. */
  refused = 0;

  constructor(private readonly deps: ShopSyncDeps) {
    const db = deps.ledger.db;
    this.s = {
      cursor: db.prepare('SELECT shop_key AS shopKey, pushed_event_id AS pushed, pulled_seq AS pulled FROM shop_outbox WHERE id = 1'),
      reset: db.prepare('UPDATE shop_outbox SET shop_key = ?, pushed_event_id = 0, pulled_seq = 0 WHERE id = 1'),
      clearRows: db.prepare('DELETE FROM shop_rows'),
      eventsAfter: db.prepare(
        `SELECT id AS eventId, ref_id AS refId, at, from_status AS fromStatus, to_status AS toStatus, source
         FROM txn_events WHERE id > ? ORDER BY id LIMIT ?`,
      ),
      unsent: db.prepare('SELECT count(*) AS n FROM txn_events WHERE id > ?'),
      pushed: db.prepare('UPDATE shop_outbox SET pushed_event_id = ? WHERE id = 1 AND pushed_event_id < ?'),
      pulled: db.prepare('UPDATE shop_outbox SET pulled_seq = ? WHERE id = 1 AND pulled_seq < ?'),
      upsertRow: db.prepare(
        `INSERT INTO shop_rows (ref_id, counter, counter_name, number, operator, amount, status, message, created_at, updated_at)
         VALUES (@refId, @counter, @counterName, @number, @operator, @amount, @status, @message, @createdAt, @updatedAt)
         ON CONFLICT (ref_id) DO UPDATE SET counter_name = excluded.counter_name, number = excluded.number,
           operator = excluded.operator, amount = excluded.amount, status = excluded.status, message = excluded.message,
           created_at = excluded.created_at, updated_at = excluded.updated_at
         WHERE shop_rows.counter = excluded.counter`,
      ),
    };
    const c = this.cursor();
    if (c.shopKey !== deps.shopKey) {
      // Another shop ledger (or the first): everything is sent again (idempotent) and pulled afresh.
      db.transaction(() => {
        this.s.reset.run(deps.shopKey);
        this.s.clearRows.run();
      })();
    }
  }

  private cursor(): z.infer<typeof cursorRow> {
    return cursorRow.parse(this.s.cursor.get());
  }

  start(): void {
    this.schedule(0);
  }

  /** Something changed here: send it soon. */
  kick(): void {
    if (this.online === false) return; // the retry timer is already waiting
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

  unsent(): number {
    return countRow.parse(this.s.unsent.get(this.cursor().pushed)).n;
  }

  /**
   * Stops syncing. Quitting never waits long on the server (it may be unreachable): a push cut
   * short is sent again at the next start, which changes nothing.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const settle = (p: Promise<unknown>) => withTimeout(p, STOP_WAIT_MS).catch(() => {});
    if (this.running) await settle(this.running);
    await settle(this.deps.db.close());
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
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
    while (!this.stopped && (await this.pullBatch()));
    this.lastSyncAt = this.deps.now();
  }

  /** Sends the next events after the cursor with their rows' current state; true if more may wait. */
  private async pushBatch(): Promise<boolean> {
    const from = this.cursor().pushed;
    const events = eventRows.parse(this.s.eventsAfter.all(from, BATCH));
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
      });
    }
    const out: ShopEventOut[] = events;
    await this.deps.db.push(this.deps.counter.prefix, rows, out);
    // Only after the commit: a crash before this line sends the batch again, which changes nothing.
    const last = events.at(-1)!.eventId;
    this.s.pushed.run(last, last);
    return events.length === BATCH;
  }

  /** Takes the other counters' changes after the pull cursor; true if more may wait. */
  private async pullBatch(): Promise<boolean> {
    const after = this.cursor().pulled;
    const raw = await this.deps.db.pull(this.deps.counter.prefix, after, BATCH);
    if (raw.length === 0) return false;
    const keep: PulledRow[] = [];
    let highest = after;
    for (const r of raw) {
      const checked = checkPulledRow(r, this.deps.counter.prefix);
      if ('row' in checked) {
        keep.push(checked.row);
        highest = Math.max(highest, checked.row.seq);
      } else {
        this.refused++;
        if (checked.seq !== null) highest = Math.max(highest, checked.seq);
        this.deps.log?.(`shop ledger: a row was refused (${checked.refused}) and not kept`);
      }
    }
    this.deps.ledger.db.transaction(() => {
      for (const row of keep) this.s.upsertRow.run(row);
      this.s.pulled.run(highest, highest);
    })();
    return raw.length === BATCH;
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
