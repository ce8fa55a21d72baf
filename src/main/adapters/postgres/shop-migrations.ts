/**
 * The shop ledger's schema in PostgreSQL, one entry per version (issue 16, docs/shared-ledger.md).
 * `shop_schema.version` records how far a database has come; entries are never edited once
 * released: a change is a new entry. Applied under an advisory lock by the first counter to connect.
 */
export const SHOP_MIGRATIONS: readonly string[] = [
  // 1: counters, their transactions (one row per ref_id), status events, and numbers being sent.
  `
  CREATE TABLE shop_counters (
    prefix text PRIMARY KEY,
    name text NOT NULL,
    seen_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE SEQUENCE shop_change_seq;
  CREATE TABLE shop_txns (
    ref_id text PRIMARY KEY,
    counter text NOT NULL,
    number text NOT NULL,
    operator text NOT NULL,
    amount bigint NOT NULL,
    status text NOT NULL,
    txn_id text,
    opt_id text,
    margin bigint,
    message text NOT NULL DEFAULT '',
    recharge_date text NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    last_event_id bigint NOT NULL,
    change_seq bigint NOT NULL DEFAULT nextval('shop_change_seq')
  );
  CREATE INDEX shop_txns_change ON shop_txns (change_seq);
  CREATE INDEX shop_txns_number ON shop_txns (number, created_at DESC);
  CREATE INDEX shop_txns_created ON shop_txns (created_at DESC);
  CREATE TABLE shop_events (
    counter text NOT NULL,
    event_id bigint NOT NULL,
    ref_id text NOT NULL,
    at bigint NOT NULL,
    from_status text,
    to_status text NOT NULL,
    source text NOT NULL,
    PRIMARY KEY (counter, event_id)
  );
  CREATE INDEX shop_events_ref ON shop_events (ref_id);
  CREATE TABLE shop_claims (
    number text PRIMARY KEY,
    ref_id text NOT NULL,
    counter text NOT NULL,
    amount bigint NOT NULL,
    claimed_at bigint NOT NULL
  );
  CREATE INDEX shop_claims_ref ON shop_claims (ref_id);
  `,
];
