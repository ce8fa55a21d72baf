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
  // 2: one login per counter (docs/shared-ledger.md, "One login per counter"). Row-level security
  // lets a counter's login write only its own rows; the owner of the tables (the login that made
  // them) is not bound by it, so a shop on one login works as before. Change numbers are taken by
  // the server on every write, so no login can number its row far ahead of the others.
  `
  CREATE TABLE shop_logins (
    login name PRIMARY KEY,
    prefix text NOT NULL UNIQUE CHECK (prefix ~ '^[0-9A-Z]{4}$')
  );
  CREATE FUNCTION shop_my_prefix() RETURNS text LANGUAGE sql STABLE
    AS $$ SELECT prefix FROM shop_logins WHERE login = current_user $$;

  CREATE FUNCTION shop_txns_number() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.change_seq := nextval('shop_change_seq');
    RETURN NEW;
  END $$;
  CREATE TRIGGER shop_txns_number BEFORE INSERT OR UPDATE ON shop_txns
    FOR EACH ROW EXECUTE FUNCTION shop_txns_number();

  ALTER TABLE shop_txns ENABLE ROW LEVEL SECURITY;
  CREATE POLICY shop_txns_read ON shop_txns FOR SELECT USING (true);
  CREATE POLICY shop_txns_add ON shop_txns FOR INSERT
    WITH CHECK (counter = shop_my_prefix() AND left(ref_id, 4) = counter);
  CREATE POLICY shop_txns_change ON shop_txns FOR UPDATE USING (counter = shop_my_prefix())
    WITH CHECK (counter = shop_my_prefix() AND left(ref_id, 4) = counter);

  ALTER TABLE shop_events ENABLE ROW LEVEL SECURITY;
  CREATE POLICY shop_events_read ON shop_events FOR SELECT USING (true);
  CREATE POLICY shop_events_add ON shop_events FOR INSERT WITH CHECK (counter = shop_my_prefix());

  ALTER TABLE shop_counters ENABLE ROW LEVEL SECURITY;
  CREATE POLICY shop_counters_read ON shop_counters FOR SELECT USING (true);
  CREATE POLICY shop_counters_add ON shop_counters FOR INSERT WITH CHECK (prefix = shop_my_prefix());
  CREATE POLICY shop_counters_change ON shop_counters FOR UPDATE USING (prefix = shop_my_prefix())
    WITH CHECK (prefix = shop_my_prefix());

  -- A claim is on a number: a counter sending anyway takes it over (as with one login), but only
  -- in its own name, and removes only its own.
  ALTER TABLE shop_claims ENABLE ROW LEVEL SECURITY;
  CREATE POLICY shop_claims_read ON shop_claims FOR SELECT USING (true);
  CREATE POLICY shop_claims_add ON shop_claims FOR INSERT WITH CHECK (counter = shop_my_prefix());
  CREATE POLICY shop_claims_change ON shop_claims FOR UPDATE USING (true) WITH CHECK (counter = shop_my_prefix());
  CREATE POLICY shop_claims_remove ON shop_claims FOR DELETE USING (counter = shop_my_prefix());

  -- Run by the owner for each counter's login (after CREATE ROLE ... LOGIN PASSWORD ...).
  CREATE FUNCTION shop_grant_counter(p_login name, p_prefix text) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO shop_logins (login, prefix) VALUES (p_login, p_prefix)
      ON CONFLICT (login) DO UPDATE SET prefix = EXCLUDED.prefix;
    EXECUTE format('GRANT SELECT ON shop_schema, shop_logins, shop_counters, shop_txns, shop_events, shop_claims TO %I', p_login);
    EXECUTE format('GRANT INSERT, UPDATE ON shop_counters, shop_txns TO %I', p_login);
    EXECUTE format('GRANT INSERT ON shop_events TO %I', p_login);
    EXECUTE format('GRANT INSERT, UPDATE, DELETE ON shop_claims TO %I', p_login);
    EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE shop_change_seq TO %I', p_login);
  END $$;
  `,
  // 3: a ref_id in the digits form (shared/ref-id-shape.ts: a provider that takes digits only or
  // fewer than 16 characters) opens with the prefix's digits, not the prefix: a counter may add it.
  `
  CREATE FUNCTION shop_ref_owned(p_ref text, p_counter text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
      WHEN p_ref ~ '^[0-9A-Z]{16}$' AND p_ref ~ '[A-Z]' THEN left(p_ref, 4) = p_counter
      WHEN p_ref ~ '^[0-9]{12,19}$' AND p_counter ~ '^[0-9A-Z]{4}$' THEN
        left(p_ref, CASE WHEN length(p_ref) >= 16 THEN 4 ELSE 3 END) = lpad((
          (SELECT sum((strpos('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', substr(p_counter, i, 1)) - 1) * 36 ^ (4 - i))::bigint
             FROM generate_series(1, 4) AS i)
          % CASE WHEN length(p_ref) >= 16 THEN 10000 ELSE 1000 END)::text,
          CASE WHEN length(p_ref) >= 16 THEN 4 ELSE 3 END, '0')
      ELSE false
    END $$;
  DROP POLICY shop_txns_add ON shop_txns;
  DROP POLICY shop_txns_change ON shop_txns;
  CREATE POLICY shop_txns_add ON shop_txns FOR INSERT
    WITH CHECK (counter = shop_my_prefix() AND shop_ref_owned(ref_id, counter));
  CREATE POLICY shop_txns_change ON shop_txns FOR UPDATE USING (counter = shop_my_prefix())
    WITH CHECK (counter = shop_my_prefix() AND shop_ref_owned(ref_id, counter));
  `,
  // 4: empty. It was kept for the records table while branches were built side by side; that
  // came as 6. Kept as it is: a shop ledger already at 4 must count the same steps.
  'SELECT 1',
  // 5 (issue 37 part 2): each attempt's sale (its first attempt's ref_id), attempt number and
  // provider account, with the account's name as its counter knows it. NULL on rows pushed by
  // older versions: read as a sale of its own on 'main'. A sale's attempts are found by sale_id.
  `
  ALTER TABLE shop_txns ADD COLUMN sale_id text;
  ALTER TABLE shop_txns ADD COLUMN attempt_no integer;
  ALTER TABLE shop_txns ADD COLUMN account_id text;
  ALTER TABLE shop_txns ADD COLUMN account_name text;
  CREATE INDEX shop_txns_sale ON shop_txns (sale_id) WHERE sale_id IS NOT NULL;
  `,
  // 6 (issue 37 part 1; the place 4 kept for it was released empty, so it comes after 5): one
  // channel for the rest of the shop's records (sales, money entries, customers; later flags,
  // closes, who did what): a row per counter, kind and that counter's local id, its
  // body as the counter wrote it (each counter parses it with the kind's schema before trusting
  // it), numbered from the same change sequence as shop_txns so one pull cursor reads both kinds
  // of change in commit order. A counter's login writes only its own rows, as for shop_txns.
  `
  CREATE TABLE shop_records (
    counter text NOT NULL,
    kind text NOT NULL,
    local_id text NOT NULL,
    body jsonb NOT NULL,
    version bigint NOT NULL,
    change_seq bigint NOT NULL DEFAULT nextval('shop_change_seq'),
    PRIMARY KEY (counter, kind, local_id)
  );
  CREATE INDEX shop_records_change ON shop_records (change_seq);
  CREATE TRIGGER shop_records_number BEFORE INSERT OR UPDATE ON shop_records
    FOR EACH ROW EXECUTE FUNCTION shop_txns_number();
  ALTER TABLE shop_records ENABLE ROW LEVEL SECURITY;
  CREATE POLICY shop_records_read ON shop_records FOR SELECT USING (true);
  CREATE POLICY shop_records_add ON shop_records FOR INSERT WITH CHECK (counter = shop_my_prefix());
  CREATE POLICY shop_records_change ON shop_records FOR UPDATE USING (counter = shop_my_prefix())
    WITH CHECK (counter = shop_my_prefix());
  CREATE OR REPLACE FUNCTION shop_grant_counter(p_login name, p_prefix text) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO shop_logins (login, prefix) VALUES (p_login, p_prefix)
      ON CONFLICT (login) DO UPDATE SET prefix = EXCLUDED.prefix;
    EXECUTE format('GRANT SELECT ON shop_schema, shop_logins, shop_counters, shop_txns, shop_events, shop_claims, shop_records TO %I', p_login);
    EXECUTE format('GRANT INSERT, UPDATE ON shop_counters, shop_txns, shop_records TO %I', p_login);
    EXECUTE format('GRANT INSERT ON shop_events TO %I', p_login);
    EXECUTE format('GRANT INSERT, UPDATE, DELETE ON shop_claims TO %I', p_login);
    EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE shop_change_seq TO %I', p_login);
  END $$;
  -- Logins granted before this entry get the new table too.
  DO $$ DECLARE l name; BEGIN
    FOR l IN SELECT login FROM shop_logins LOOP
      EXECUTE format('GRANT SELECT, INSERT, UPDATE ON shop_records TO %I', l);
    END LOOP;
  END $$;
  `,
  // 7 (issue 37, one provider account at several counters): which provider wallet each attempt
  // moved, as a digest of its account's address and username (core/balance/wallet-key.ts), so a
  // counter's wallet watch counts the other counters' recharges on its own wallet and no others.
  // NULL on rows pushed by older versions: they explain no drop anywhere.
  `
  ALTER TABLE shop_txns ADD COLUMN wallet_key text;
  `,
];
