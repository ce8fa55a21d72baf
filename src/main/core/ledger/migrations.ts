/**
 * Ledger schema, one entry per version; `PRAGMA user_version` records how far a file has come.
 * Entries are never edited once released: a change is a new entry.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: transactions, their append-only event log, complaints, balance snapshots.
  `
  CREATE TABLE txns (
    id INTEGER PRIMARY KEY,
    ref_id TEXT NOT NULL UNIQUE,
    number TEXT NOT NULL,
    operator TEXT NOT NULL,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL,
    provider_status TEXT,
    txn_id TEXT,
    opt_id TEXT,
    margin INTEGER,
    balance_after INTEGER,
    message TEXT NOT NULL DEFAULT '',
    recharge_date TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    next_check_at INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  );
  CREATE INDEX txns_created ON txns (created_at DESC, id DESC);
  CREATE INDEX txns_number ON txns (number, created_at DESC, id DESC);
  CREATE INDEX txns_status ON txns (status, created_at DESC, id DESC);
  CREATE INDEX txns_operator ON txns (operator, created_at DESC, id DESC);
  CREATE INDEX txns_txn_id ON txns (txn_id) WHERE txn_id IS NOT NULL AND txn_id != '';
  CREATE INDEX txns_opt_id ON txns (opt_id) WHERE opt_id IS NOT NULL AND opt_id != '';
  CREATE INDEX txns_due ON txns (next_check_at) WHERE next_check_at IS NOT NULL;

  CREATE TABLE txn_events (
    id INTEGER PRIMARY KEY,
    ref_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    from_status TEXT,
    to_status TEXT NOT NULL,
    source TEXT NOT NULL,
    provider_reply TEXT,
    note TEXT
  );
  CREATE INDEX txn_events_ref ON txn_events (ref_id, id);
  CREATE TRIGGER txn_events_no_update BEFORE UPDATE ON txn_events BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
  CREATE TRIGGER txn_events_no_delete BEFORE DELETE ON txn_events BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;

  CREATE TABLE complaints (
    complain_id TEXT PRIMARY KEY,
    ref_id TEXT NOT NULL,
    txn_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX complaints_ref ON complaints (ref_id);
  CREATE INDEX complaints_created ON complaints (created_at DESC);

  CREATE TABLE balance_snapshots (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    buyer INTEGER NOT NULL,
    seller INTEGER,
    lien INTEGER,
    source TEXT NOT NULL
  );
  `,
  // 2: history at any size. The last four digits of a number (what a customer reads out) get an
  // index of their own, and open rows a partial index that carries status and operator, so the
  // open filter and the tray never pass over the final rows.
  `
  CREATE INDEX txns_last4 ON txns (substr(number, -4), created_at DESC, id DESC);
  CREATE INDEX txns_open ON txns (created_at DESC, id DESC, status, operator)
    WHERE status IN ('Submitting', 'Unknown', 'Pending', 'Accepted', 'NeedsAttention');
  `,
];
