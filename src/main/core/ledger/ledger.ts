import type Database from 'better-sqlite3';
import * as z from 'zod';
import { buildHistoryQuery } from './history-sql';
import { openDatabase, type LedgerRepair } from './open-database';
import { closeKeepingWal } from './close-keeping-wal';
import type { BalanceSnapshot, ComplaintRecord, EventSource, HistoryQuery, TxnEvent, TxnRecord, TxnUpdate } from '../txn/txn-record';
import { COMPLAINT_COLUMNS, EVENT_COLUMNS, TXN_COLUMNS } from './sql-columns';
import { toBalance, toComplaints, toEvents, toMinAt, toSendState, toShownTxns, toTxn, toTxns, type SendState } from './rows';
import { canMove } from '../../../shared/money-law/transitions';
import type { ComplaintState } from '../complaints/complaint-state';

import { OPEN_WHERE } from './open-statuses';
import { ShopSql } from './shop-sql';
import { ShopRecordsSql } from './shop-records-sql';
import { ShopDaySql } from './shop-day-sql';
import { ReportSql } from './report-sql';
import { CustomerSql } from './customer-sql';
import { DayCloseSql } from './day-close-sql';
import { LETTERS_FORM, refIdStart, type RefIdForm } from '../../../shared/ref-id-shape';
import { SaleFlagSql } from './sale-flag-sql';
import { SaleSql, type NewSale } from './sale-sql';
import { MoneyFollowSql } from './money-follow-sql';
import { SaleFateSql } from './sale-fate-sql';
import { istDate } from '../../../shared/ist-date';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { dateFault, replaySpan, type MoneyEntryRefusal } from '../../../shared/money-law/money-entry-law';
import { KhataSql, replayKhata } from './khata-sql';
import { MoneyReplay, MoneyTail, type MoneyLine, type SaleLine } from './money-lines';
import { DoneBySql } from './done-by-sql';
import { DoneReplay, DoneTail, type DoneLine } from './done-lines';
import { FlagReplay, FlagTail, type FlagLine } from './flag-lines';
import { AnswerReplay, AnswerTail, type AnswerFixLine, type AnswerLine } from './answer-lines';
import { RouteStateSql } from './route-state-sql';
import { AnswerChangeSql } from './answer-change-sql';
import { isChangedAnswer, sqlStatusList } from '../../../shared/money-law/status-money';

const reconcileRows = z.array(
  z.object({ refId: z.string(), number: z.string(), attempts: z.number().int(), lastError: z.string().nullable() }),
);
export type ReconcileRow = z.infer<typeof reconcileRows>[number];
const statusCounts = z.array(z.object({ status: z.string(), n: z.number() }));
const spanRow = z.object({ first: z.number().nullable(), last: z.number().nullable(), events: z.number() });

/** What a journal in the second backup folder holds per change (core/backup/journal.ts). */
export interface JournalEntry {
  txn: TxnRecord;
  event: Omit<TxnEvent, 'id'> | null;
  /**
   * The routing decision, on a routed attempt's Submitting line only: the replay writes it with the
   * row, so a failed attempt that another may follow does not move the sale's money (migration 13).
   */
  routeJson?: string;
}

/** A journal line: a transaction's change, a sale or money entry as written (money-lines.ts), or a sale's flag (flag-lines.ts). */
export type JournalLine = JournalEntry | SaleLine | MoneyLine | FlagLine | AnswerLine | AnswerFixLine | DoneLine;
export const isTxnLine = (line: JournalLine): line is JournalEntry => 'txn' in line;

/** A line the replay refused, named as the notice names it (journal-check.ts RefusedLine). */
export interface ReplayRefusal {
  refId: string;
  reason: MoneyEntryRefusal;
}

/** The ledger's first record, of any kind: a replayed line dated before its day is not this shop's. */
const FIRST_RECORD = `SELECT min(x) AS first FROM (SELECT min(created_at) AS x FROM txns
  UNION ALL SELECT min(created_at) FROM sales UNION ALL SELECT min(at) FROM money_entries)`;
const firstRow = z.object({ first: z.number().nullable() });

/** What a refused sale or money line is shown by: its sale's ref, else the customer's number, else its id. */
function namedBy(line: SaleLine | MoneyLine): string {
  const ref = line.kind === 'sale' ? line.sale.refId : (line.entry.refId ?? line.entry.number ?? String(line.entry.id));
  return ref.slice(0, 64);
}

/** Newest first, as txns_number keeps them: by time, then by id. */
const newestFirst = (a: TxnRecord, b: TxnRecord) => b.createdAt - a.createdAt || b.id - a.id;

export interface NewTxn {
  refId: string;
  number: string;
  operator: string;
  amount: number;
  rechargeDate: string;
  now: number;
  /** The provider profile it is sent with, `id@version` (migration 10); '' reads as the document's. */
  profile?: string;
  /** How the customer paid; written with the row, in the same SQL transaction. */
  sale?: NewSale;
  /** The provider account it is sent to (migration 11); absent: 'main', the one account of Settings. */
  accountId?: string;
  /** The sale it is an attempt of: absent for a first attempt (its own ref_id). */
  saleId?: string;
  attemptNo?: number;
  /** The routing decision, as stored JSON (routeDecisionSchema): written with the row, before it is sent. */
  routeJson?: string | null;
}

/**
 * The shop's record of every transaction, in SQLite. Each write is one SQL transaction, and a
 * status change always writes its event in the same transaction as the new status. The ledger
 * owns its SQL: the other tables of the file (the shop ledger's rows, the reports' totals, the
 * customer book, the day closings) are read and written through its `shop`, `reports`,
 * `customers` and `dayCloses`, each prepared on first use; nothing outside this folder holds the
 * connection.
 */
export class Ledger {
  private readonly s;
  private journalTo: ((line: JournalLine) => void) | null = null;
  private moneyTail: MoneyTail | null = null;
  private flagTail: FlagTail | null = null;
  private answerTail: AnswerTail | null = null;
  private doneTail: DoneTail | null = null;
  private readonly writtenTo = new Set<() => void>();
  /** History SQL varies only by which filters are present: a few shapes, each prepared once. */
  private readonly historyStatements = new Map<string, Database.Statement>();
  private shopSql: ShopSql | null = null;
  private shopRecordsSql: ShopRecordsSql | null = null;
  private shopDaySql: ShopDaySql | null = null;
  private reportSql: ReportSql | null = null;
  private customerSql: CustomerSql | null = null;
  private dayCloseSql: DayCloseSql | null = null;
  private saleSql: SaleSql | null = null;
  private moneyFollowSql: MoneyFollowSql | null = null;
  private khataSql: KhataSql | null = null;
  private saleFlagSql: SaleFlagSql | null = null;
  private saleFateSql: SaleFateSql | null = null;
  private routeStateSql: RouteStateSql | null = null;
  private answerChangeSql: AnswerChangeSql | null = null;
  private doneBySql: DoneBySql | null = null;

  private constructor(
    private readonly db: Database.Database,
    /** What opening had to repair, if anything: shown to the shopkeeper at start. */
    readonly repair: LedgerRepair | null,
    /** The file, for the background check and the backups, which open their own connections. */
    readonly file: string,
  ) {
    this.s = {
      insertTxn: db.prepare(
        `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, profile,
           account_id, sale_id, attempt_no, route_json)
         VALUES (@refId, @number, @operator, @amount, 'Submitting', @rechargeDate, @now, @now, @profile,
           @accountId, @saleId, @attemptNo, @routeJson)
         RETURNING ${TXN_COLUMNS}`,
      ),
      profileOf: db.prepare<[string], string>('SELECT profile FROM txns WHERE ref_id = ?').pluck(),
      // A first attempt's sale_id is its own ref_id; an older row has none (its own sale).
      attemptsOf: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns WHERE sale_id = @saleId OR (ref_id = @saleId AND sale_id IS NULL) ORDER BY attempt_no, id`,
      ),
      routeOf: db.prepare<[string], string | null>('SELECT route_json FROM txns WHERE ref_id = ?').pluck(),
      insertSale: db.prepare(
        `INSERT INTO sales (ref_id, sale_ref, number, method, cash, upi, credit, sale_date, created_at)
         VALUES (@refId, @saleRef, @number, @method, @cash, @upi, @credit, @rechargeDate, @now)`,
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
           attempts = COALESCE(@attempts, attempts), last_error = @lastError, updated_at = @now,
           answer_sent_at = COALESCE(@answerSentAt, answer_sent_at), not_sent = COALESCE(@notSent, not_sent),
           not_found = COALESCE(@notFound, not_found), money_note = COALESCE(@moneyNote, money_note),
           failure_confirmed = COALESCE(@failureConfirmed, failure_confirmed), not_processed = COALESCE(@notProcessed, not_processed)
         WHERE ref_id = @refId
         RETURNING ${TXN_COLUMNS}`,
      ),
      schedule: db.prepare(
        'UPDATE txns SET next_check_at = @nextCheckAt, attempts = @attempts, last_error = @lastError WHERE ref_id = @refId',
      ),
      byRef: db.prepare(`SELECT ${TXN_COLUMNS} FROM txns WHERE ref_id = ?`),
      sendState: db.prepare('SELECT answer_sent_at AS answerSentAt, not_sent AS notSent, not_found AS notFound FROM txns WHERE ref_id = ?'),
      setDate: db.prepare('UPDATE txns SET recharge_date = ? WHERE ref_id = ?'),
      // The submit's two checks: a number's few rows, put newest first in JS (newestFirst). The same
      // statements with ORDER BY took ~12 µs against ~2.5 µs each, though SQLite walks txns_number
      // in that order either way (no sorter in either plan).
      openForNumber: db.prepare(`SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_number WHERE number = ? AND ${OPEN_WHERE}`),
      raisedFor: db.prepare(`SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE ref_id = ? AND state = 'raised' ORDER BY created_at`),
      settleComplaints: db.prepare(`UPDATE complaints SET state = ?, settled_at = ? WHERE ref_id = ? AND state = 'raised'`),
      events: db.prepare(`SELECT ${EVENT_COLUMNS} FROM txn_events WHERE ref_id = ? ORDER BY id`),
      open: db.prepare(`SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_open WHERE ${OPEN_WHERE} ORDER BY created_at, id`),
      // Status is in txns_open, so rows waiting on the shopkeeper are skipped in the index: a ledger
      // with thousands of them open reads only the few it must check (the start waits on this).
      toReconcile: db.prepare(
        `SELECT ref_id AS refId, number, attempts, last_error AS lastError FROM txns INDEXED BY txns_open
         WHERE ${OPEN_WHERE} AND status <> 'NeedsAttention' ORDER BY created_at, id`,
      ),
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
      dueExcept: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_due WHERE next_check_at IS NOT NULL AND next_check_at <= ?
           AND COALESCE(account_id, '${FIRST_ACCOUNT_ID}') NOT IN (SELECT value FROM json_each(?)) ORDER BY next_check_at LIMIT ?`,
      ),
      nextDueExcept: db.prepare(
        `SELECT MIN(next_check_at) AS at FROM txns WHERE next_check_at IS NOT NULL
           AND COALESCE(account_id, '${FIRST_ACCOUNT_ID}') NOT IN (SELECT value FROM json_each(?))`,
      ),
      sameRecent: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_number WHERE number = ? AND amount = ? AND created_at >= ?
           AND status NOT IN ${sqlStatusList('nothing')}`,
      ),
      lastForNumber: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_number WHERE number = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
      ),
      insertComplaint: db.prepare(
        `INSERT INTO complaints (complain_id, ref_id, txn_id, reason, message, created_at, state, settled_at)
         VALUES (@complainId, @refId, @txnId, @reason, @message, @createdAt, @state, @settledAt)
         ON CONFLICT (complain_id) DO NOTHING`,
      ),
      complaints: db.prepare(`SELECT ${COMPLAINT_COLUMNS} FROM complaints ORDER BY created_at DESC LIMIT ?`),
      complaintsFor: db.prepare(`SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE ref_id = ? ORDER BY created_at DESC`),
      insertSnapshot: db.prepare(
        'INSERT INTO balance_snapshots (at, buyer, seller, lien, source) VALUES (@at, @buyer, @seller, @lien, @source)',
      ),
      lastSnapshot: db.prepare('SELECT at, buyer, seller, lien, source FROM balance_snapshots ORDER BY id DESC LIMIT 1'),
      lastBalanceRead: db.prepare("SELECT at FROM balance_snapshots WHERE source = 'balance' ORDER BY id DESC LIMIT 1"),
      // Only ids of one of our forms: a crafted one of another shape must not set the sequence.
      lastRefId: db.prepare(
        `SELECT ref_id AS ref FROM txns WHERE ref_id >= @start AND ref_id < @below AND length(ref_id) = @length
           AND CASE WHEN @letters = 1
             THEN ref_id GLOB '[0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z]'
               AND ref_id GLOB '*[A-Z]*'
             ELSE ref_id NOT GLOB '*[^0-9]*' END
         ORDER BY ref_id DESC LIMIT 1`,
      ),
      fingerprint: db.prepare(
        `SELECT (SELECT max(id) FROM txn_events) AS e, (SELECT max(id) FROM balance_snapshots) AS b,
           (SELECT count(*) FROM complaints) AS c, (SELECT max(id) FROM money_entries) AS m,
           (SELECT max(updated_at) FROM customers) AS k, (SELECT total(amount * 1000 + days) FROM validity_days) AS v`,
      ),
    };
  }

  /**
   * Told of every committed change to a transaction (with its new event if the status changed),
   * and of every sale and money entry written, triggers' included, in commit order: the journal
   * off the main disk (core/backup/journal.ts) listens here.
   */
  get journal(): ((line: JournalLine) => void) | null {
    return this.journalTo;
  }

  set journal(listener: ((line: JournalLine) => void) | null) {
    this.journalTo = listener;
    if (!listener) return;
    (this.moneyTail ??= new MoneyTail(this.db)).start();
    (this.flagTail ??= new FlagTail(this.db)).start();
    (this.answerTail ??= new AnswerTail(this.db)).start();
    (this.doneTail ??= new DoneTail(this.db)).start();
  }

  /**
   * Journals the sales, money entries and sale flags committed since the last call. Every write
   * path of the three tables calls it after its commit (the SQL classes are handed it); one that
   * does not is caught by the next, a moment later. Flags last: a flag names its sale's attempts.
   */
  private journalMoney(): void {
    for (const fn of this.writtenTo) fn();
    const listener = this.journalTo;
    if (!listener || !this.moneyTail || !this.flagTail) return;
    for (const line of this.moneyTail.read()) listener(line);
    for (const line of this.flagTail.read()) listener(line);
    // A changed answer after its attempt's status line (update journals that first), a fix after its money entries.
    for (const line of this.answerTail?.read() ?? []) listener(line);
    // Who did it last: a line names the row it records, journaled just before.
    for (const line of this.doneTail?.read() ?? []) listener(line);
  }

  /**
   * Calls `fn` after every committed write the journal is told of (a transaction, a sale, a money
   * entry, a sale flag, a changed answer): the shop ledger's sync sends it at once, not at its next
   * timer (a khata payment waited up to 2 s, the goal is 1 s). Returns how to stop.
   */
  onWritten(fn: () => void): () => void {
    this.writtenTo.add(fn);
    return () => this.writtenTo.delete(fn);
  }

  static open(file: string, now: number = Date.now()): Ledger {
    const { db, repair } = openDatabase(file, now);
    return new Ledger(db, repair, file);
  }

  /** The shop ledger's outbox and the other counters' rows (core/shop-ledger). */
  get shop(): ShopSql {
    return (this.shopSql ??= new ShopSql(this.db));
  }

  /** The shop ledger's records channel: push cursors, the pull cursor, the peer tables (core/shop-ledger). */
  get shopRecords(): ShopRecordsSql {
    return (this.shopRecordsSql ??= new ShopRecordsSql(this.db));
  }

  /** The whole shop's day: this counter's sales by method, the other counters' day from the peer tables. */
  get shopDay(): ShopDaySql {
    return (this.shopDaySql ??= new ShopDaySql(this.db));
  }

  /** The books' reads: per-day totals, wallet readings, a range's transactions (core/reports). */
  get reports(): ReportSql {
    return (this.reportSql ??= new ReportSql(this.db));
  }

  /** The customer book and validity per amount (core/customers). */
  get customers(): CustomerSql {
    return (this.customerSql ??= new CustomerSql(this.db));
  }

  /** How each recharge was paid for, and the money entries after (issue 30). */
  get sales(): SaleSql {
    return (this.saleSql ??= new SaleSql(this.db, () => this.journalMoney()));
  }

  /** A failed sale's money: the list to give back, what the shopkeeper did, the due (issue 30 item 4). */
  get moneyFollow(): MoneyFollowSql {
    return (this.moneyFollowSql ??= new MoneyFollowSql(this.db, () => this.journalMoney()));
  }

  /** The customers' credit book: dues, statements, payments and corrections (khata-sql.ts). */
  get khata(): KhataSql {
    return (this.khataSql ??= new KhataSql(this.db, () => this.journalMoney()));
  }

  /** What became of a sale: its attempts' statuses, for the money law (sale-fate-sql.ts). */
  get saleFate(): SaleFateSql {
    return (this.saleFateSql ??= new SaleFateSql(this.db));
  }

  /** What the owner must know of a sale: possible double recharges, kept until checked (migration 15). */
  get saleFlags(): SaleFlagSql {
    return (this.saleFlagSql ??= new SaleFlagSql(this.db, () => this.journalMoney()));
  }

  /** Changed answers (migration 17): a Failure or refusal the status check later called a Success. */
  get answerChanges(): AnswerChangeSql {
    return (this.answerChangeSql ??= new AnswerChangeSql(this.db, () => this.journalMoney()));
  }

  /** Each account's spend today and failures in a row, for the route decision (issue 29). */
  get routeStates(): RouteStateSql {
    return (this.routeStateSql ??= new RouteStateSql(this.db));
  }

  /** Who did each money action and settings change (migration 22). */
  get doneBy(): DoneBySql {
    return (this.doneBySql ??= new DoneBySql(this.db));
  }

  /** The day closings, append-only (core/dayclose). */
  get dayCloses(): DayCloseSql {
    return (this.dayCloseSql ??= new DayCloseSql(this.db));
  }

  /** The profile a recharge was sent with (`id@version`; '' before profiles, or no such recharge). */
  profileOf(refId: string): string {
    const tag = this.s.profileOf.get(refId);
    return typeof tag === 'string' ? tag : '';
  }

  /** Every attempt of a sale, in the order sent (a sale before routing is its one row). */
  attemptsOf(saleId: string): TxnRecord[] {
    return toTxns(this.s.attemptsOf.all({ saleId }));
  }

  /** The routing decision stored with an attempt (unparsed JSON), or null. */
  routeOf(refId: string): string | null {
    const v = this.s.routeOf.get(refId);
    return typeof v === 'string' ? v : null;
  }

  /**
   * Writes a new transaction as Submitting and returns only once it is fsync'd: this row must
   * exist after a power cut, or a recharge could leave with no record. Later updates may be lost
   * to a power cut (never to a crash) because the status check recovers them.
   */
  insertSubmitting(t: NewTxn): TxnRecord {
    // Inside someone else's transaction this write would only be as durable as their commit.
    if (this.db.inTransaction) throw new Error('insertSubmitting must commit on its own, not inside another transaction');
    // The first event, written with the row and then journalled: the same facts both times.
    const submitted = {
      refId: t.refId,
      at: t.now,
      fromStatus: null,
      toStatus: 'Submitting' as const,
      source: 'submit' as const,
      providerReply: null,
      note: null,
    };
    // exec, not pragma(): the same setting, without preparing a statement and reading its rows back
    // (~15 µs a pair). A prepared `PRAGMA synchronous` would not do: SQLite applies it when the
    // statement is compiled, not when it runs.
    this.db.exec('PRAGMA synchronous = FULL');
    let row: unknown;
    try {
      this.db.transaction(() => {
        // The row as SQLite stored it (RETURNING), so it is not read again before the send.
        const { sale, ...txn } = t;
        row = this.s.insertTxn.get({
          ...txn,
          profile: txn.profile ?? '',
          accountId: txn.accountId ?? 'main',
          saleId: txn.saleId ?? txn.refId,
          attemptNo: txn.attemptNo ?? 1,
          routeJson: txn.routeJson ?? null,
        });
        if (sale) {
          this.s.insertSale.run({ ...sale, refId: t.refId, number: t.number, rechargeDate: t.rechargeDate, now: t.now });
          this.doneBy.record('sale', t.refId, t.now);
        }
        this.s.insertEvent.run(submitted);
      })();
    } finally {
      this.db.exec('PRAGMA synchronous = NORMAL');
    }
    const txn = this.must(row, t.refId);
    this.journalTo?.(t.routeJson ? { txn, event: submitted, routeJson: t.routeJson } : { txn, event: submitted });
    this.journalMoney();
    return txn;
  }

  /**
   * Applies an update; an event is appended when the status changes. A status change the money
   * does not allow (see shared/money-law/transitions.ts) is a bug and throws. An answer to a check sent before
   * the one last applied is not applied: `stale` says so.
   */
  update(
    refId: string,
    u: TxnUpdate,
    source: EventSource,
    now: number,
    providerReply: string | null = null,
    note: string | null = null,
  ): { before: TxnRecord; after: TxnRecord; stale: boolean } {
    const result = this.db.transaction(() => {
      const before = this.get(refId);
      if (!before) throw new Error(`no transaction ${refId}`);
      if (!canMove(before.status, u.status, u.checked ? 'check' : 'other')) {
        throw new Error(`${refId}: ${before.status} → ${u.status} is not a move the money allows`);
      }
      if (u.answerSentAt !== undefined) {
        const last = this.sendState(refId).answerSentAt;
        if (last !== null && last > u.answerSentAt) return { before, after: before, stale: true };
      }
      // The checked word is the truth: kept with the earlier one, before the row forgets it.
      if (isChangedAnswer(before.status, u.status)) {
        this.answerChanges.record(refId, before.saleId ?? refId, u.status, u.providerStatus ?? null, now);
      }
      const after = this.s.update.get({
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
        answerSentAt: u.answerSentAt ?? null,
        notSent: u.notSent === undefined ? null : u.notSent ? 1 : 0,
        notFound: u.notFound ?? null,
        moneyNote: u.moneyNote ?? null,
        failureConfirmed: u.failureConfirmed === undefined ? null : u.failureConfirmed ? 1 : 0,
        notProcessed: u.notProcessed === undefined ? null : u.notProcessed ? 1 : 0,
        now,
      });
      if (before.status !== u.status || u.keepEvent) {
        this.s.insertEvent.run({ refId, at: now, fromStatus: before.status, toStatus: u.status, source, providerReply, note });
      }
      // The row as updated (RETURNING): no second read.
      return { before, after: this.must(after, refId), stale: false };
    })();
    const { before, after, stale } = result;
    // An answer older than the one applied changed nothing: nothing to journal either.
    if (stale) return result;
    const changed = before.status !== u.status || u.keepEvent === true;
    this.journalTo?.({
      txn: after,
      event: changed ? { refId, at: now, fromStatus: before.status, toStatus: u.status, source, providerReply, note } : null,
    });
    // A failure's money follows in the same SQL transaction (migration 13's triggers).
    this.journalMoney();
    return result;
  }

  /** What the poller needs beyond the record: answer order, and whether the send never left. */
  sendState(refId: string): SendState {
    return toSendState(this.s.sendState.get(refId));
  }

  /** The provider filed the transaction under another IST date (near midnight): check with that one. */
  setRechargeDate(refId: string, date: string): void {
    this.s.setDate.run(date, refId);
  }

  /** Unresolved transactions for a number, newest first: they hold the reconciliation gate. */
  openForNumber(number: string): TxnRecord[] {
    return toTxns(this.s.openForNumber.all(number)).sort(newestFirst);
  }

  /** Complaints on a transaction that the provider has not settled yet. */
  raisedComplaints(refId: string): ComplaintRecord[] {
    return toComplaints(this.s.raisedFor.all(refId));
  }

  settleComplaints(refId: string, state: Exclude<ComplaintState, 'raised'>, at: number): void {
    this.s.settleComplaints.run(state, at, refId);
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

  /** A row that must be there (just written), as its record. */
  private must(row: unknown, refId: string): TxnRecord {
    const txn = toTxn(row);
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

  /** Open transactions the app must ask the provider about (not those waiting on the shopkeeper), oldest first. */
  toReconcile(): ReconcileRow[] {
    return reconcileRows.parse(this.s.toReconcile.all());
  }

  /** Open transactions newest first, a page at a time (keyset on created_at, id). */
  openPage(limit: number, before?: { createdAt: number; id: number }): TxnRecord[] {
    const rows = before
      ? this.s.openNextPage.all({ limit, beforeAt: before.createdAt, beforeId: before.id })
      : this.s.openFirstPage.all({ limit });
    return toShownTxns(rows);
  }

  /** `except`: accounts whose rows wait (their provider cannot be reached now); a row from before routing is the first account's. */
  dueChecks(now: number, limit: number, except: readonly string[] = []): TxnRecord[] {
    if (except.length > 0) return toTxns(this.s.dueExcept.all(now, JSON.stringify(except), limit));
    return toTxns(this.s.due.all(now, limit));
  }

  nextDueAt(except: readonly string[] = []): number | null {
    if (except.length > 0) return toMinAt(this.s.nextDueExcept.get(JSON.stringify(except)));
    return toMinAt(this.s.nextDue.get());
  }

  sameNumberAndAmountSince(number: string, amount: number, since: number): TxnRecord[] {
    return toTxns(this.s.sameRecent.all(number, amount, since)).sort(newestFirst);
  }

  lastForNumber(number: string): TxnRecord | undefined {
    return toTxns([this.s.lastForNumber.get(number)].filter((r) => r !== undefined))[0];
  }

  history(q: HistoryQuery): TxnRecord[] {
    const { sql, params } = buildHistoryQuery(q);
    let statement = this.historyStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.historyStatements.set(sql, statement);
    }
    return toShownTxns(statement.all(params));
  }

  addComplaint(c: ComplaintRecord): void {
    this.db.transaction(() => {
      if (this.s.insertComplaint.run(c).changes === 1) this.doneBy.record('complaint', c.complainId, c.createdAt);
    })();
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

  /** When the provider last answered a balance request (not a reply's balance): a provider's read limit counts from it. */
  lastBalanceReadAt(): number | null {
    return z.object({ at: z.number() }).optional().parse(this.s.lastBalanceRead.get())?.at ?? null;
  }

  /**
   * The highest ref_id this install made in one form (ids of a form sort by time: shared/ref-id-shape.ts),
   * so the generator continues past it. Ids of other forms can never equal it (another length, or
   * letters against digits). `below` (recharge/ref-id's ceiling) leaves out ids whose time is
   * implausibly far ahead. A backward walk of the unique index from there: one seek.
   */
  lastRefId(installPrefix: string, below?: string, form: RefIdForm = LETTERS_FORM): string | null {
    const start = refIdStart(installPrefix, form);
    const row = this.s.lastRefId.get({
      start,
      below: below ?? `${start}\u{10FFFF}`,
      length: form.length,
      letters: form.kind === 'letters' ? 1 : 0,
    });
    return z.object({ ref: z.string() }).optional().parse(row)?.ref ?? null;
  }

  /**
   * Changes whenever a transaction changes status, a money entry (a khata payment) is written or a
   * complaint or balance is recorded (the event log, entries and snapshots are append-only): tells a backup whether anything is new. Cheap.
   */
  fingerprint(): string {
    return JSON.stringify(this.s.fingerprint.get());
  }

  /**
   * Replays a journal onto a restored ledger, in the order written: each transaction takes its
   * latest journaled state, each event not already there is added, and each sale and money entry
   * not already there is added (money-lines.ts MoneyReplay), the khata then replayed in time order;
   * each sale flag is added once and its "checked" set once (flag-lines.ts FlagReplay).
   * A line the money law refuses (money-entry-law.ts: any line dated outside the span from the
   * ledger's first day to `clock.now`; a payment above the due, …) is named and not applied;
   * the rest goes on. Idempotent: replaying twice changes nothing. Returns how many transactions
   * it brought forward and the lines refused.
   */
  replayJournal(lines: readonly JournalLine[], clock: { snapshotAt: number; now: number }): { txns: number; refused: ReplayRefusal[] } {
    const db = this.db;
    const first = firstRow.parse(db.prepare(FIRST_RECORD).get()).first;
    const upsert = db.prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, provider_status, txn_id, opt_id, margin, balance_after, message,
       recharge_date, created_at, updated_at, next_check_at, attempts, last_error,
       account_id, sale_id, attempt_no, failure_confirmed, not_processed, route_json)
     VALUES (@refId, @number, @operator, @amount, @status, @providerStatus, @txnId, @optId, @margin, @balanceAfter, @message,
       @rechargeDate, @createdAt, @updatedAt, @nextCheckAt, @attempts, @lastError,
       @accountId, @saleId, @attemptNo, @failureConfirmed, @notProcessed, @routeJson)
     ON CONFLICT (ref_id) DO UPDATE SET status = excluded.status, provider_status = excluded.provider_status,
       txn_id = excluded.txn_id, opt_id = excluded.opt_id, margin = excluded.margin, balance_after = excluded.balance_after,
       message = excluded.message, updated_at = excluded.updated_at, next_check_at = excluded.next_check_at,
       attempts = excluded.attempts, last_error = excluded.last_error,
       failure_confirmed = max(txns.failure_confirmed, excluded.failure_confirmed), not_processed = max(txns.not_processed, excluded.not_processed)
     WHERE excluded.updated_at >= txns.updated_at`,
    );
    const hasEvent = db.prepare('SELECT 1 FROM txn_events WHERE ref_id = ? AND at = ? AND to_status = ?');
    const touched = new Set<string>();
    const span = replaySpan(first, clock.snapshotAt, clock.now);
    const money = new MoneyReplay(db, span);
    const refused: ReplayRefusal[] = [];
    const flags = new FlagReplay(db);
    const answers = new AnswerReplay(db);
    const done = new DoneReplay(db, span);
    let moneyAdded = false;
    db.transaction(() => {
      for (const line of lines) {
        if (!isTxnLine(line) && line.kind === 'flag') {
          flags.flag(line);
          continue;
        }
        if (!isTxnLine(line) && line.kind === 'answer') {
          answers.change(line);
          continue;
        }
        if (!isTxnLine(line) && line.kind === 'answer_fix') {
          answers.fix(line);
          continue;
        }
        if (!isTxnLine(line) && line.kind === 'done') {
          done.done(line);
          continue;
        }
        if (!isTxnLine(line)) {
          const answer = line.kind === 'sale' ? money.sale(line) : money.entry(line);
          if (answer === 'added') moneyAdded = true;
          else if (answer !== 'already') refused.push({ refId: namedBy(line), reason: answer });
          continue;
        }
        const { txn, event, routeJson = null } = line;
        // A recharge made before these books began, or after now, is not this shop's.
        const dated = dateFault(txn.createdAt, istDate(txn.createdAt), span) ?? dateFault(txn.updatedAt, istDate(txn.updatedAt), span);
        if (dated) {
          refused.push({ refId: txn.refId.slice(0, 64), reason: dated });
          continue;
        }
        const { id: _id, ...row } = txn;
        // A journal written before routing has none of the attempt's columns: the first account's own sale.
        const attempt = {
          accountId: txn.accountId ?? 'main',
          saleId: txn.saleId ?? txn.refId,
          attemptNo: txn.attemptNo ?? 1,
          failureConfirmed: txn.failureConfirmed ? 1 : 0,
          notProcessed: txn.notProcessed ? 1 : 0,
        };
        if (upsert.run({ ...row, ...attempt, routeJson }).changes > 0) touched.add(txn.refId);
        if (event && !hasEvent.get(event.refId, event.at, event.toStatus)) this.s.insertEvent.run(event);
      }
      // The triggers moved each due as the lines came; its age (since) wants every move in time order.
      if (moneyAdded || touched.size > 0) replayKhata(db);
    })();
    return { txns: touched.size, refused };
  }

  /** Counts for a diagnostics file: rows per status, the time span, the events, and the file. */
  stats(): { byStatus: { status: string; n: number }[]; first: number | null; last: number | null; events: number; file: string } {
    const byStatus = statusCounts.parse(this.db.prepare('SELECT status, COUNT(*) AS n FROM txns GROUP BY status').all());
    const span = spanRow.parse(
      this.db
        .prepare('SELECT MIN(created_at) AS first, MAX(created_at) AS last, (SELECT COUNT(*) FROM txn_events) AS events FROM txns')
        .get(),
    );
    return { byStatus, ...span, file: this.db.name };
  }

  /**
   * Closes the file. No integrity check here: it runs in a worker in the background, at most
   * once a day (integrity-check.ts), so quitting never waits on a scan of the whole file.
   * `keepWal` (the quit): the write-ahead log is synced and left for later rather than copied
   * into the file now (close-keeping-wal.ts). Anything that swaps or copies the file (a restore,
   * a switch of account) closes without it, leaving one self-contained file.
   */
  close({ keepWal = false }: { keepWal?: boolean } = {}): void {
    if (keepWal && closeKeepingWal(this.db, this.file)) return;
    this.db.close();
  }
}
