import type Database from 'better-sqlite3';
import { buildHistoryQuery } from './history-sql';
import { checkAtClose, openDatabase } from './open-database';
import type { BalanceSnapshot, ComplaintRecord, EventSource, HistoryQuery, TxnEvent, TxnRecord, TxnUpdate } from '../txn/txn-record';
import { COMPLAINT_COLUMNS, EVENT_COLUMNS, TXN_COLUMNS } from './sql-columns';
import { toBalance, toComplaints, toEvents, toMinAt, toTxn, toTxns } from './rows';

import { OPEN_WHERE } from './open-statuses';

export interface NewTxn {
  refId: string;
  number: string;
  operator: string;
  amount: number;
  rechargeDate: string;
  now: number;
}

/**
 * The shop's record of every transaction, in SQLite. Each write is one SQL transaction, and a
 * status change always writes its event in the same transaction as the new status.
 */
export class Ledger {
  private readonly s;
  /** History SQL varies only by which filters are present: a few shapes, each prepared once. */
  private readonly historyStatements = new Map<string, Database.Statement>();

  private constructor(
    readonly db: Database.Database,
    readonly movedAside: string | null,
    private readonly file: string,
  ) {
    this.s = {
      insertTxn: db.prepare(
        `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at)
         VALUES (@refId, @number, @operator, @amount, 'Submitting', @rechargeDate, @now, @now)`,
      ),
      insertEvent: db.prepare(
        `INSERT INTO txn_events (ref_id, at, from_status, to_status, source, provider_reply, note)
         VALUES (@refId, @at, @fromStatus, @toStatus, @source, @providerReply, @note)`,
      ),
      update: db.prepare(
        `UPDATE txns SET status = @status, provider_status = COALESCE(@providerStatus, provider_status),
           txn_id = COALESCE(NULLIF(@txnId, ''), txn_id), opt_id = COALESCE(NULLIF(@optId, ''), opt_id),
           margin = COALESCE(@margin, margin), balance_after = COALESCE(@balanceAfter, balance_after),
           message = COALESCE(@message, message), next_check_at = @nextCheckAt,
           attempts = COALESCE(@attempts, attempts), last_error = @lastError, updated_at = @now
         WHERE ref_id = @refId`,
      ),
      schedule: db.prepare(
        'UPDATE txns SET next_check_at = @nextCheckAt, attempts = @attempts, last_error = @lastError WHERE ref_id = @refId',
      ),
      byRef: db.prepare(`SELECT ${TXN_COLUMNS} FROM txns WHERE ref_id = ?`),
      events: db.prepare(`SELECT ${EVENT_COLUMNS} FROM txn_events WHERE ref_id = ? ORDER BY id`),
      open: db.prepare(`SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_open WHERE ${OPEN_WHERE} ORDER BY created_at, id`),
      openFirstPage: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_open WHERE ${OPEN_WHERE} ORDER BY created_at DESC, id DESC LIMIT @limit`,
      ),
      openNextPage: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_open WHERE ${OPEN_WHERE} AND (created_at, id) < (@beforeAt, @beforeId)
         ORDER BY created_at DESC, id DESC LIMIT @limit`,
      ),
      due: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_due WHERE next_check_at IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?`,
      ),
      nextDue: db.prepare('SELECT MIN(next_check_at) AS at FROM txns WHERE next_check_at IS NOT NULL'),
      sameRecent: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_number WHERE number = ? AND amount = ? AND created_at >= ?
           AND status NOT IN ('Failure', 'Error', 'Refunded') ORDER BY created_at DESC`,
      ),
      lastForNumber: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_number WHERE number = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
      ),
      insertComplaint: db.prepare(
        `INSERT INTO complaints (complain_id, ref_id, txn_id, reason, message, created_at)
         VALUES (@complainId, @refId, @txnId, @reason, @message, @createdAt)
         ON CONFLICT (complain_id) DO NOTHING`,
      ),
      complaints: db.prepare(`SELECT ${COMPLAINT_COLUMNS} FROM complaints ORDER BY created_at DESC LIMIT ?`),
      complaintsFor: db.prepare(`SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE ref_id = ? ORDER BY created_at DESC`),
      insertSnapshot: db.prepare(
        'INSERT INTO balance_snapshots (at, buyer, seller, lien, source) VALUES (@at, @buyer, @seller, @lien, @source)',
      ),
      lastSnapshot: db.prepare('SELECT at, buyer, seller, lien, source FROM balance_snapshots ORDER BY id DESC LIMIT 1'),
    };
  }

  static open(file: string, now: number = Date.now()): Ledger {
    const { db, movedAside } = openDatabase(file, now);
    return new Ledger(db, movedAside, file);
  }

  /**
   * Writes a new transaction as Submitting and returns only once it is fsync'd: this row must
   * exist after a power cut, or a recharge could leave with no record. Later updates may be lost
   * to a power cut (never to a crash) because the status check recovers them.
   */
  insertSubmitting(t: NewTxn): TxnRecord {
    // Inside someone else's transaction this write would only be as durable as their commit.
    if (this.db.inTransaction) throw new Error('insertSubmitting must commit on its own, not inside another transaction');
    this.db.pragma('synchronous = FULL');
    try {
      this.db.transaction(() => {
        this.s.insertTxn.run(t);
        this.s.insertEvent.run({
          refId: t.refId,
          at: t.now,
          fromStatus: null,
          toStatus: 'Submitting',
          source: 'submit',
          providerReply: null,
          note: null,
        });
      })();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
    return this.mustGet(t.refId);
  }

  /** Applies an update; an event is appended when the status changes. */
  update(
    refId: string,
    u: TxnUpdate,
    source: EventSource,
    now: number,
    providerReply: string | null = null,
    note: string | null = null,
  ): { before: TxnRecord; after: TxnRecord } {
    return this.db.transaction(() => {
      const before = this.get(refId);
      if (!before) throw new Error(`no transaction ${refId}`);
      this.s.update.run({
        refId,
        status: u.status,
        providerStatus: u.providerStatus ?? null,
        txnId: u.txnId ?? null,
        optId: u.optId ?? null,
        margin: u.margin ?? null,
        balanceAfter: u.balanceAfter ?? null,
        message: u.message ?? null,
        nextCheckAt: u.nextCheckAt,
        attempts: u.attempts ?? null,
        lastError: u.lastError ?? null,
        now,
      });
      if (before.status !== u.status) {
        this.s.insertEvent.run({ refId, at: now, fromStatus: before.status, toStatus: u.status, source, providerReply, note });
      }
      return { before, after: this.mustGet(refId) };
    })();
  }

  schedule(refId: string, nextCheckAt: number | null, attempts: number, lastError: string | null): void {
    this.s.schedule.run({ refId, nextCheckAt, attempts, lastError });
  }

  /** Many schedules in one SQL transaction: one commit for the batch instead of one per row. */
  scheduleMany(items: readonly { refId: string; nextCheckAt: number | null; attempts: number; lastError: string | null }[]): void {
    this.db.transaction(() => {
      for (const item of items) this.s.schedule.run(item);
    })();
  }

  private mustGet(refId: string): TxnRecord {
    const txn = this.get(refId);
    if (!txn) throw new Error(`no transaction ${refId}`);
    return txn;
  }

  get(refId: string): TxnRecord | undefined {
    return toTxn(this.s.byRef.get(refId));
  }

  events(refId: string): TxnEvent[] {
    return toEvents(this.s.events.all(refId));
  }

  openTxns(): TxnRecord[] {
    return toTxns(this.s.open.all());
  }

  /** Open transactions newest first, a page at a time (keyset on created_at, id). */
  openPage(limit: number, before?: { createdAt: number; id: number }): TxnRecord[] {
    const rows = before
      ? this.s.openNextPage.all({ limit, beforeAt: before.createdAt, beforeId: before.id })
      : this.s.openFirstPage.all({ limit });
    return toTxns(rows);
  }

  dueChecks(now: number, limit: number): TxnRecord[] {
    return toTxns(this.s.due.all(now, limit));
  }

  nextDueAt(): number | null {
    return toMinAt(this.s.nextDue.get());
  }

  sameNumberAndAmountSince(number: string, amount: number, since: number): TxnRecord[] {
    return toTxns(this.s.sameRecent.all(number, amount, since));
  }

  lastForNumber(number: string): TxnRecord | undefined {
    return toTxn(this.s.lastForNumber.get(number));
  }

  history(q: HistoryQuery): TxnRecord[] {
    const { sql, params } = buildHistoryQuery(q);
    let statement = this.historyStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.historyStatements.set(sql, statement);
    }
    return toTxns(statement.all(params));
  }

  addComplaint(c: ComplaintRecord): void {
    this.s.insertComplaint.run(c);
  }

  complaints(limit = 500): ComplaintRecord[] {
    return toComplaints(this.s.complaints.all(limit));
  }

  complaintsFor(refId: string): ComplaintRecord[] {
    return toComplaints(this.s.complaintsFor.all(refId));
  }

  addBalanceSnapshot(b: BalanceSnapshot): void {
    this.s.insertSnapshot.run(b);
  }

  lastBalance(): BalanceSnapshot | undefined {
    return toBalance(this.s.lastSnapshot.get());
  }

  /** Closes the file, with the full integrity check when asked. Returns false if damaged. */
  close(options: { check?: boolean } = {}): boolean {
    const ok = options.check ? checkAtClose(this.db, this.file) : true;
    this.db.close();
    return ok;
  }
}
