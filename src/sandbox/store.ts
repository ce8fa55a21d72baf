import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Wallet } from './wallet';
import type { Plan } from './scenarios';

export type SandboxStatus = 'Pending' | 'Success' | 'Failure' | 'Refunded';

export interface Account extends Wallet {
  id: number;
  username: string;
  token: string;
  suspended: boolean;
  callbackUrl: string | null;
}

export interface Txn {
  txnId: string;
  accountId: number;
  refId: string;
  number: string;
  operator: string;
  amount: number;
  status: SandboxStatus;
  optId: string;
  margin: number;
  message: string;
  rechargeDate: string;
  createdAt: number;
  updatedAt: number;
  plan: Plan;
  resolveAt: number | null;
}

export interface Complaint {
  complainId: string;
  accountId: number;
  txnId: string;
  reason: string;
  status: 'Open' | 'Resolved';
  resolution: 'refunded' | 'rejected' | null;
  createdAt: number;
  resolveAt: number | null;
}

export interface CallbackDelivery {
  id: number;
  txnId: string;
  status: string;
  url: string;
  method: 'GET' | 'POST';
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  at: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, token TEXT NOT NULL,
  buyer INTEGER NOT NULL, seller INTEGER NOT NULL, lien INTEGER NOT NULL, spent INTEGER NOT NULL,
  commission INTEGER NOT NULL, topups INTEGER NOT NULL, opening INTEGER NOT NULL,
  suspended INTEGER NOT NULL DEFAULT 0, callback_url TEXT
);
CREATE TABLE IF NOT EXISTS txns (
  txn_id TEXT PRIMARY KEY, account_id INTEGER NOT NULL, ref_id TEXT NOT NULL, number TEXT NOT NULL,
  operator TEXT NOT NULL, amount INTEGER NOT NULL, status TEXT NOT NULL, opt_id TEXT NOT NULL,
  margin INTEGER NOT NULL, message TEXT NOT NULL, recharge_date TEXT NOT NULL,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, plan TEXT NOT NULL, resolve_at INTEGER,
  UNIQUE (account_id, ref_id)
);
CREATE INDEX IF NOT EXISTS txns_resolve ON txns (resolve_at) WHERE resolve_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS txns_recent ON txns (account_id, number, amount, created_at);
CREATE TABLE IF NOT EXISTS complaints (
  complain_id TEXT PRIMARY KEY, account_id INTEGER NOT NULL, txn_id TEXT NOT NULL UNIQUE,
  reason TEXT NOT NULL, status TEXT NOT NULL, resolution TEXT, created_at INTEGER NOT NULL, resolve_at INTEGER
);
CREATE TABLE IF NOT EXISTS submissions (ref_id TEXT PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS callbacks (
  id INTEGER PRIMARY KEY, txn_id TEXT NOT NULL, status TEXT NOT NULL, url TEXT NOT NULL, method TEXT NOT NULL,
  attempt INTEGER NOT NULL, http_status INTEGER, error TEXT, at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

// Rows come back already shaped as the interfaces above: columns are aliased in SQL rather than
// mapped field by field in code, and each statement names its row type. The sandbox is the only
// writer of this database (its own state, not outside input), so the rows are not re-parsed:
// this keeps the simulator at 10,000 requests a second.
const ACCOUNT = `id, username, token, buyer, seller, lien, spent, commission, topups, opening,
  suspended = 1 AS suspended, callback_url AS callbackUrl`;
const TXN = `txn_id AS txnId, account_id AS accountId, ref_id AS refId, number, operator, amount, status,
  opt_id AS optId, margin, message, recharge_date AS rechargeDate, created_at AS createdAt,
  updated_at AS updatedAt, plan, resolve_at AS resolveAt`;
const COMPLAINT = `complain_id AS complainId, account_id AS accountId, txn_id AS txnId, reason, status,
  resolution, created_at AS createdAt, resolve_at AS resolveAt`;
const CALLBACK = `id, txn_id AS txnId, status, url, method, attempt, http_status AS httpStatus, error, at`;

/** SQLite has no boolean: `suspended = 1` comes back as 0 or 1. */
type AccountRow = Omit<Account, 'suspended'> & { suspended: number };

function toAccount(row: AccountRow): Account {
  return { ...row, suspended: row.suspended === 1 };
}

/**
 * All sandbox state in one SQLite database: in memory by default, or a file that survives
 * restarts. WAL with synchronous=NORMAL keeps every committed transaction across a kill -9.
 */
export class SandboxStore {
  readonly db: Database.Database;
  private readonly s;

  constructor(file: string | undefined) {
    if (file) mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file ?? ':memory:');
    if (file) {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
    }
    this.db.exec(SCHEMA);
    const db = this.db;
    this.s = {
      accountByUsername: db.prepare<[string], AccountRow>(`SELECT ${ACCOUNT} FROM accounts WHERE username = ?`),
      accountById: db.prepare<[number], AccountRow>(`SELECT ${ACCOUNT} FROM accounts WHERE id = ?`),
      insertAccount: db.prepare(
        `INSERT INTO accounts (username, token, buyer, seller, lien, spent, commission, topups, opening, callback_url)
         VALUES (@username, @token, @buyer, @seller, 0, 0, 0, 0, @buyer, @callbackUrl)`,
      ),
      saveWallet: db.prepare(
        'UPDATE accounts SET buyer=@buyer, seller=@seller, lien=@lien, spent=@spent, commission=@commission, topups=@topups WHERE id=@id',
      ),
      setSuspended: db.prepare('UPDATE accounts SET suspended = ? WHERE id = ?'),
      setCallbackUrl: db.prepare('UPDATE accounts SET callback_url = ? WHERE id = ?'),
      setToken: db.prepare('UPDATE accounts SET token = ? WHERE id = ?'),
      insertTxn: db.prepare(
        `INSERT INTO txns (txn_id, account_id, ref_id, number, operator, amount, status, opt_id, margin, message,
           recharge_date, created_at, updated_at, plan, resolve_at)
         VALUES (@txnId, @accountId, @refId, @number, @operator, @amount, @status, @optId, @margin, @message,
           @rechargeDate, @createdAt, @updatedAt, @plan, @resolveAt)`,
      ),
      updateTxn: db.prepare(
        'UPDATE txns SET status=@status, opt_id=@optId, message=@message, updated_at=@updatedAt, resolve_at=@resolveAt WHERE txn_id=@txnId',
      ),
      txnByRef: db.prepare<[number, string], Txn>(`SELECT ${TXN} FROM txns WHERE account_id = ? AND ref_id = ?`),
      txnById: db.prepare<[string], Txn>(`SELECT ${TXN} FROM txns WHERE txn_id = ?`),
      recentSame: db.prepare(
        "SELECT 1 FROM txns WHERE account_id = ? AND number = ? AND amount = ? AND created_at >= ? AND status != 'Failure' LIMIT 1",
      ),
      dueTxns: db.prepare<[number], Txn>(
        `SELECT ${TXN} FROM txns WHERE resolve_at IS NOT NULL AND resolve_at <= ? ORDER BY resolve_at LIMIT 500`,
      ),
      nextTxnDue: db.prepare<[], { at: number | null }>('SELECT MIN(resolve_at) AS at FROM txns WHERE resolve_at IS NOT NULL'),
      listTxns: db.prepare<[number, number, number], Txn>(
        `SELECT ${TXN} FROM txns WHERE account_id = ? ORDER BY created_at DESC, txn_id DESC LIMIT ? OFFSET ?`,
      ),
      countTxns: db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM txns WHERE account_id = ?'),
      allTxns: db.prepare<[], Txn>(`SELECT ${TXN} FROM txns ORDER BY created_at, txn_id`),
      insertComplaint: db.prepare(
        `INSERT INTO complaints (complain_id, account_id, txn_id, reason, status, resolution, created_at, resolve_at)
         VALUES (@complainId, @accountId, @txnId, @reason, @status, @resolution, @createdAt, @resolveAt)`,
      ),
      updateComplaint: db.prepare(
        'UPDATE complaints SET status=@status, resolution=@resolution, resolve_at=@resolveAt WHERE complain_id=@complainId',
      ),
      complaintByTxn: db.prepare<[string], Complaint>(`SELECT ${COMPLAINT} FROM complaints WHERE txn_id = ?`),
      complaintById: db.prepare<[string], Complaint>(`SELECT ${COMPLAINT} FROM complaints WHERE complain_id = ?`),
      listComplaints: db.prepare<[number], Complaint>(`SELECT ${COMPLAINT} FROM complaints WHERE account_id = ? ORDER BY created_at DESC`),
      dueComplaints: db.prepare<[number], Complaint>(
        `SELECT ${COMPLAINT} FROM complaints WHERE resolve_at IS NOT NULL AND resolve_at <= ? LIMIT 500`,
      ),
      nextComplaintDue: db.prepare<[], { at: number | null }>('SELECT MIN(resolve_at) AS at FROM complaints WHERE resolve_at IS NOT NULL'),
      bumpSubmission: db.prepare(
        'INSERT INTO submissions (ref_id, count) VALUES (?, 1) ON CONFLICT (ref_id) DO UPDATE SET count = count + 1',
      ),
      submissions: db.prepare<[], { ref_id: string; count: number }>('SELECT ref_id, count FROM submissions'),
      submission: db.prepare<[string], { count: number }>('SELECT count FROM submissions WHERE ref_id = ?'),
      insertCallback: db.prepare(
        `INSERT INTO callbacks (txn_id, status, url, method, attempt, http_status, error, at)
         VALUES (@txnId, @status, @url, @method, @attempt, @httpStatus, @error, @at)`,
      ),
      callbacks: db.prepare<[], CallbackDelivery>(`SELECT ${CALLBACK} FROM callbacks ORDER BY id`),
      nextCounter: db.prepare<[string], { value: number }>(
        'INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
      ),
    };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  accountByUsername(username: string): Account | undefined {
    const r = this.s.accountByUsername.get(username);
    return r ? toAccount(r) : undefined;
  }

  accountById(id: number): Account {
    const r = this.s.accountById.get(id);
    if (!r) throw new Error(`no account ${id}`);
    return toAccount(r);
  }

  createAccount(a: { username: string; token: string; buyer: number; seller: number; callbackUrl: string | null }): Account {
    this.s.insertAccount.run(a);
    const created = this.accountByUsername(a.username);
    if (!created) throw new Error(`account ${a.username} was not created`);
    return created;
  }

  saveWallet(id: number, w: Wallet): void {
    this.s.saveWallet.run({
      id,
      buyer: w.buyer,
      seller: w.seller,
      lien: w.lien,
      spent: w.spent,
      commission: w.commission,
      topups: w.topups,
    });
  }

  setSuspended(id: number, suspended: boolean): void {
    this.s.setSuspended.run(suspended ? 1 : 0, id);
  }

  setCallbackUrl(id: number, url: string | null): void {
    this.s.setCallbackUrl.run(url, id);
  }

  setToken(id: number, token: string): void {
    this.s.setToken.run(token, id);
  }

  insertTxn(t: Txn): void {
    this.s.insertTxn.run(t);
  }

  updateTxn(t: Pick<Txn, 'txnId' | 'status' | 'optId' | 'message' | 'updatedAt' | 'resolveAt'>): void {
    this.s.updateTxn.run(t);
  }

  txnByRef(accountId: number, refId: string): Txn | undefined {
    return this.s.txnByRef.get(accountId, refId);
  }

  txnById(txnId: string): Txn | undefined {
    return this.s.txnById.get(txnId);
  }

  hasRecentSame(accountId: number, number: string, amount: number, since: number): boolean {
    return this.s.recentSame.get(accountId, number, amount, since) !== undefined;
  }

  dueTxns(now: number): Txn[] {
    return this.s.dueTxns.all(now);
  }

  dueComplaints(now: number): Complaint[] {
    return this.s.dueComplaints.all(now);
  }

  nextDueAt(): number | null {
    const a = this.s.nextTxnDue.get()?.at ?? null;
    const b = this.s.nextComplaintDue.get()?.at ?? null;
    if (a === null) return b;
    if (b === null) return a;
    return Math.min(a, b);
  }

  listTxns(accountId: number, limit: number, offset: number): { total: number; items: Txn[] } {
    const total = this.s.countTxns.get(accountId)?.n ?? 0;
    return { total, items: this.s.listTxns.all(accountId, limit, offset) };
  }

  allTxns(): Txn[] {
    return this.s.allTxns.all();
  }

  insertComplaint(c: Complaint): void {
    this.s.insertComplaint.run(c);
  }

  updateComplaint(c: Pick<Complaint, 'complainId' | 'status' | 'resolution' | 'resolveAt'>): void {
    this.s.updateComplaint.run(c);
  }

  complaintByTxn(txnId: string): Complaint | undefined {
    return this.s.complaintByTxn.get(txnId);
  }

  complaintById(id: string): Complaint | undefined {
    return this.s.complaintById.get(id);
  }

  listComplaints(accountId: number): Complaint[] {
    return this.s.listComplaints.all(accountId);
  }

  countSubmission(refId: string): void {
    this.s.bumpSubmission.run(refId);
  }

  submissions(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.s.submissions.all()) out[r.ref_id] = r.count;
    return out;
  }

  submissionCount(refId: string): number {
    return this.s.submission.get(refId)?.count ?? 0;
  }

  recordCallback(d: Omit<CallbackDelivery, 'id'>): void {
    this.s.insertCallback.run(d);
  }

  callbacks(): CallbackDelivery[] {
    return this.s.callbacks.all();
  }

  nextId(name: string): number {
    const next = this.s.nextCounter.get(name);
    if (!next) throw new Error(`counter ${name} did not advance`);
    return next.value;
  }

  close(): void {
    this.db.close();
  }
}
