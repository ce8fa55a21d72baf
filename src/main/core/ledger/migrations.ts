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
  // 2: following the money after the first answer (issue 11).
  // answer_sent_at: when the check whose answer was applied last was sent; an older answer that
  //   arrives later is not applied (the newest answer wins).
  // not_sent: the recharge request failed before any byte left the machine (connection refused).
  // not_found: status checks that found no such transaction since; with not_sent, enough of them
  //   close the transaction as never sent.
  // money_note: what happened to the money after the first answer, in words for the card.
  // complaints.state: raised (provider owes the shop), refunded (the money came back), closed
  //   (the complaint window ended with the recharge unchanged).
  `
  ALTER TABLE txns ADD COLUMN answer_sent_at INTEGER;
  ALTER TABLE txns ADD COLUMN not_sent INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE txns ADD COLUMN not_found INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE txns ADD COLUMN money_note TEXT;
  ALTER TABLE complaints ADD COLUMN state TEXT NOT NULL DEFAULT 'raised';
  ALTER TABLE complaints ADD COLUMN settled_at INTEGER;
  `,
  // LAST (issue 16, the shared shop ledger; the lead renumbers at merge): the outbox is a cursor over
  // txn_events, not a copy (pushed_event_id), with how far the other counters' rows were pulled
  // (pulled_seq) and which shop ledger the cursors belong to (shop_key: a new one starts again).
  // shop_rows: the other counters' rows as last pulled, for the whole-shop history offline too.
  `
  CREATE TABLE shop_outbox (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    shop_key TEXT NOT NULL DEFAULT '',
    pushed_event_id INTEGER NOT NULL DEFAULT 0,
    pulled_seq INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO shop_outbox (id) VALUES (1);
  CREATE TABLE shop_rows (
    ref_id TEXT PRIMARY KEY,
    counter TEXT NOT NULL,
    counter_name TEXT NOT NULL,
    number TEXT NOT NULL,
    operator TEXT NOT NULL,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  -- Covering for the whole-shop report (counter, status, amount by time) and newest-first history.
  CREATE INDEX shop_rows_created ON shop_rows (created_at, counter, status, amount);
  CREATE INDEX shop_rows_number ON shop_rows (number, created_at DESC);
  `,
];
