/**
 * Migration 19's words for "the money went" and "an attempt of this sale went", as it shipped. The
 * runtime queries take theirs from the money law's table (sale-attempts-sql.ts) and may change with
 * it; a migration's text may not, or a fresh install's triggers would differ from an upgraded one's.
 * (test/main/core/ledger/migrations-frozen.test.ts holds every entry to the text it shipped with.)
 */
const WENT = `('Success')`;
const saleWentCount = (sale: string): string =>
  `((SELECT count(*) FROM txns t INDEXED BY txns_sale WHERE t.sale_id = ${sale} AND t.status IN ${WENT})
    + (SELECT count(*) FROM txns t INDEXED BY sqlite_autoindex_txns_1 WHERE t.ref_id = ${sale} AND t.sale_id IS NULL AND t.status IN ${WENT}))`;
const saleWent = (sale: string): string => `(${saleWentCount(sale)} > 0)`;

/**
 * Ledger schema, one entry per version; `PRAGMA user_version` records how far a file has come.
 * Entries are never edited once released: a change is a new entry.
 */
/**
 * Migration 6's two success triggers (a row inserted as Success, a row that becomes Success) do
 * the same: the number's customer takes this recharge as its last success. Written once; the
 * trigger text in a ledger is this, to the byte, as it shipped.
 */
const CUSTOMER_SUCCESS = `    INSERT INTO customers (number, operator, last_at, last_date, last_amount, due_date, updated_at)
    VALUES (NEW.number, NEW.operator, NEW.created_at, NEW.recharge_date, NEW.amount,
      date(NEW.recharge_date, '+' || COALESCE((SELECT days FROM validity_days WHERE amount = NEW.amount), 28) || ' days'), NEW.updated_at)
    ON CONFLICT (number) DO UPDATE SET operator = excluded.operator, last_at = excluded.last_at, last_date = excluded.last_date,
      last_amount = excluded.last_amount, due_date = excluded.due_date, updated_at = excluded.updated_at
    WHERE customers.last_at IS NULL OR excluded.last_at >= customers.last_at;`;

/**
 * Migration 11's move of one number's due by `delta` paise on `day` (trigger text, so written once
 * and frozen as it shipped): the due adds up, and `since` starts when it rises above nothing and
 * is cleared when it is paid off (or the shop owes the customer).
 */
function khataMove(delta: string, day: string, at: string): string {
  return `    INSERT INTO khata (number, due, since, at, name) VALUES (NEW.number, ${delta}, CASE WHEN ${delta} > 0 THEN ${day} END, ${at},
      coalesce((SELECT name FROM customers WHERE number = NEW.number), ''))
    ON CONFLICT (number) DO UPDATE SET due = khata.due + excluded.due, at = excluded.at,
      since = CASE WHEN khata.due + excluded.due <= 0 THEN NULL WHEN khata.due <= 0 THEN ${day} ELSE khata.since END;`;
}

/** Migration 11: a due now owed (NEW.due > 0) counted in its `since` date's totals. */
function khataAgeAdd(): string {
  return `    INSERT INTO khata_ages (since, count, due) SELECT NEW.since, 1, NEW.due WHERE NEW.due > 0
    ON CONFLICT (since) DO UPDATE SET count = khata_ages.count + 1, due = khata_ages.due + excluded.due;`;
}

/**
 * Migration 12's three triggers (remade in 13 to act per sale) (a recharge that becomes, or is copied in as, a failure, and a sale
 * copied in after its failed recharge) do the same for the sale of recharge `ref` that failed at
 * `at`: its credit part comes off the due (credit_reversed, once), and a paid part goes on the list
 * of money to give back until the shopkeeper says what was done with it. Both are dated the
 * India-time day the failure was written, not the sale's day. Each insert looks before it writes:
 * an outer statement's conflict rule (the journal replay's upsert) overrides a trigger's OR IGNORE,
 * so the unique indexes are the last guard, not the first.
 */
export const failedSaleMoney = (
  ref: string,
  at: string,
) => `    INSERT OR IGNORE INTO money_entries (kind, ref_id, number, method, amount, entry_date, at)
    SELECT 'credit_reversed', s.ref_id, s.number, NULL, s.credit, date(${at} / 1000, 'unixepoch', '+330 minutes'), ${at}
    FROM sales s WHERE s.ref_id = ${ref} AND s.credit > 0
      AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind = 'credit_reversed');
    INSERT OR IGNORE INTO give_back_waiting (ref_id, failed_at, amount)
    SELECT s.ref_id, ${at}, s.cash + s.upi FROM sales s WHERE s.ref_id = ${ref} AND s.cash + s.upi > 0
      AND NOT EXISTS (SELECT 1 FROM give_back_waiting w WHERE w.ref_id = s.ref_id)
      AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind IN ('given_back', 'kept_as_credit'));`;

/** The status of a sale's newest attempt (a sale is its first attempt's ref_id). */
const LAST_ATTEMPT_OF_SALE = (sale: string): string =>
  `SELECT status FROM txns WHERE ref_id = ${sale} OR sale_id = ${sale} ORDER BY attempt_no DESC LIMIT 1`;

/** Migration 19: a sale's paid parts added to (sign 1) or taken from (sign -1) its day's totals by method. */
const saleDayMove = (sale: string, sign: 1 | -1): string =>
  `    INSERT INTO sale_day_totals (sale_date, method, count, cash, upi, credit)
    SELECT sale_date, method, ${sign}, ${sign} * cash, ${sign} * upi, ${sign} * credit FROM sales WHERE ref_id = ${sale}
    ON CONFLICT DO UPDATE SET count = count + excluded.count, cash = cash + excluded.cash, upi = upi + excluded.upi,
      credit = credit + excluded.credit;`;

/** Migration 19: one attempt row's figures added to (sign 1) or taken from (sign -1) its account's day totals. */
const accountDayMove = (row: 'NEW' | 'OLD', sign: 1 | -1): string =>
  `    INSERT INTO txn_account_day_totals VALUES (${row}.recharge_date, ${row}.account_id, ${row}.status, ${sign}, ${sign} * ${row}.amount,
      ${sign} * COALESCE(${row}.margin, 0))
    ON CONFLICT DO UPDATE SET count = count + excluded.count, amount = amount + excluded.amount, margin = margin + excluded.margin;`;

/**
 * Migration 33: one row's figures added to (sign 1) or taken from (sign -1) the whole-shop report's
 * day totals: another counter's row (`shop`, names in the key) or this counter's own (`own`).
 */
const shopDayMove = (table: 'shop' | 'own', row: 'NEW' | 'OLD', sign: 1 | -1): string =>
  table === 'shop'
    ? `    INSERT INTO shop_day_totals VALUES (coalesce(date(${row}.created_at / 1000.0, 'unixepoch', '+330 minutes'), ''), ${row}.counter,
      ${row}.status, ${row}.account_id, ${row}.attempt_no = 1, ${row}.counter_name, ${row}.account_name, ${sign}, ${sign} * ${row}.amount)
    ON CONFLICT DO UPDATE SET count = count + excluded.count, amount = amount + excluded.amount;`
    : `    INSERT INTO txn_shop_day_totals VALUES (coalesce(date(${row}.created_at / 1000.0, 'unixepoch', '+330 minutes'), ''),
      ${row}.status, ${row}.account_id, ${row}.attempt_no = 1, ${sign}, ${sign} * ${row}.amount)
    ON CONFLICT DO UPDATE SET count = count + excluded.count, amount = amount + excluded.amount;`;

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
  // 3: reports. The day book adds up per (India-time day, status, operator) rows that triggers keep
  // current, so a month's report reads a few hundred rows instead of scanning ~80,000 (issue 15:
  // a month at 1M rows in <= 50 ms). Rows already in the ledger are added up once, here.
  `
  CREATE TABLE txn_day_totals (
    recharge_date TEXT NOT NULL,
    status TEXT NOT NULL,
    operator TEXT NOT NULL,
    count INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    margin INTEGER NOT NULL,
    margin_count INTEGER NOT NULL,
    PRIMARY KEY (recharge_date, status, operator)
  ) WITHOUT ROWID;
  INSERT INTO txn_day_totals
    SELECT recharge_date, status, operator, COUNT(*), SUM(amount), COALESCE(SUM(margin), 0), COUNT(margin) FROM txns GROUP BY 1, 2, 3;
  CREATE TRIGGER txns_day_totals_insert AFTER INSERT ON txns BEGIN
    INSERT INTO txn_day_totals VALUES (NEW.recharge_date, NEW.status, NEW.operator, 1, NEW.amount, COALESCE(NEW.margin, 0), NEW.margin IS NOT NULL)
    ON CONFLICT DO UPDATE SET count = count + 1, amount = amount + excluded.amount, margin = margin + excluded.margin,
      margin_count = margin_count + excluded.margin_count;
  END;
  CREATE TRIGGER txns_day_totals_update AFTER UPDATE OF recharge_date, status, operator, amount, margin ON txns
  WHEN OLD.recharge_date IS NOT NEW.recharge_date OR OLD.status IS NOT NEW.status OR OLD.operator IS NOT NEW.operator
    OR OLD.amount IS NOT NEW.amount OR OLD.margin IS NOT NEW.margin
  BEGIN
    UPDATE txn_day_totals SET count = count - 1, amount = amount - OLD.amount, margin = margin - COALESCE(OLD.margin, 0),
      margin_count = margin_count - (OLD.margin IS NOT NULL)
    WHERE recharge_date = OLD.recharge_date AND status = OLD.status AND operator = OLD.operator;
    INSERT INTO txn_day_totals VALUES (NEW.recharge_date, NEW.status, NEW.operator, 1, NEW.amount, COALESCE(NEW.margin, 0), NEW.margin IS NOT NULL)
    ON CONFLICT DO UPDATE SET count = count + 1, amount = amount + excluded.amount, margin = margin + excluded.margin,
      margin_count = margin_count + excluded.margin_count;
  END;
  CREATE TRIGGER txns_day_totals_delete AFTER DELETE ON txns BEGIN
    UPDATE txn_day_totals SET count = count - 1, amount = amount - OLD.amount, margin = margin - COALESCE(OLD.margin, 0),
      margin_count = margin_count - (OLD.margin IS NOT NULL)
    WHERE recharge_date = OLD.recharge_date AND status = OLD.status AND operator = OLD.operator;
  END;
  CREATE INDEX balance_snapshots_at ON balance_snapshots (at, id);
  `,
  // 4: closing the day. Each closing is kept as written: a recount is a new revision beside the
  // old one, never an edit, so a closed day cannot be changed silently (like the event log).
  `
  CREATE TABLE day_closes (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL,
    revision INTEGER NOT NULL,
    closed_at INTEGER NOT NULL,
    expected INTEGER NOT NULL,
    counted INTEGER NOT NULL,
    success_count INTEGER NOT NULL,
    open_count INTEGER NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    UNIQUE (date, revision)
  );
  CREATE INDEX day_closes_recent ON day_closes (closed_at DESC);
  CREATE TRIGGER day_closes_no_update BEFORE UPDATE ON day_closes BEGIN SELECT RAISE(ABORT, 'a closed day is append-only'); END;
  CREATE TRIGGER day_closes_no_delete BEFORE DELETE ON day_closes BEGIN SELECT RAISE(ABORT, 'a closed day is append-only'); END;
  `,
  // 5: history at any size. The last four digits of a number (what a customer reads out) get an
  // index of their own, and open rows a partial index that carries status and operator, so the
  // open filter and the tray never pass over the final rows.
  `
  CREATE INDEX txns_last4 ON txns (substr(number, -4), created_at DESC, id DESC);
  CREATE INDEX txns_open ON txns (created_at DESC, id DESC, status, operator)
    WHERE status IN ('Submitting', 'Unknown', 'Pending', 'Accepted', 'NeedsAttention');
  `,
  // 6: the customer book (issue 15, item 4). A row per number: the name the shopkeeper gave it,
  // the operator and circle to remember, and its last successful recharge, which triggers keep
  // current so the due list never adds up the ledger. due_date is that recharge's date plus the
  // validity the shop set for its amount (validity_days, 28 days when unset). The words of each
  // name get an index of their own, so a name is found by any of its words at any ledger size.
  // A success that is undone (refunded) looks up the number's previous success on txns_number.
  `
  CREATE TABLE validity_days (
    amount INTEGER PRIMARY KEY,
    days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 365)
  );
  CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    operator TEXT,
    circle TEXT,
    last_at INTEGER,
    last_date TEXT,
    last_amount INTEGER,
    due_date TEXT,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX customers_due ON customers (due_date) WHERE due_date IS NOT NULL;
  CREATE INDEX customers_updated ON customers (updated_at);
  CREATE TABLE customer_name_words (
    id INTEGER PRIMARY KEY,
    word TEXT NOT NULL,
    number TEXT NOT NULL,
    UNIQUE (word, number)
  );
  CREATE INDEX customer_name_words_number ON customer_name_words (number, word);
  INSERT INTO customers (number, operator, last_at, last_date, last_amount, due_date, updated_at)
    SELECT number, operator, created_at, recharge_date, amount, date(recharge_date, '+28 days'), created_at
    -- One pass over the table: at 1M rows ~1.8 s, where the status index (a row lookup per success) took ~7.7 s.
    FROM (SELECT number, operator, max(created_at) AS created_at, recharge_date, amount FROM txns NOT INDEXED WHERE status = 'Success' GROUP BY number);
  CREATE TRIGGER customers_success_insert AFTER INSERT ON txns WHEN NEW.status = 'Success' BEGIN
${CUSTOMER_SUCCESS}
  END;
  CREATE TRIGGER customers_success_update AFTER UPDATE OF status ON txns WHEN NEW.status = 'Success' AND OLD.status IS NOT 'Success' BEGIN
${CUSTOMER_SUCCESS}
  END;
  CREATE TRIGGER customers_success_undone AFTER UPDATE OF status ON txns WHEN OLD.status = 'Success' AND NEW.status IS NOT 'Success' BEGIN
    UPDATE customers SET (last_at, last_date, last_amount) = (
      SELECT created_at, recharge_date, amount FROM txns INDEXED BY txns_number
      WHERE number = NEW.number AND status = 'Success' ORDER BY created_at DESC, id DESC LIMIT 1
    ), updated_at = NEW.updated_at WHERE number = NEW.number;
    UPDATE customers SET due_date = CASE WHEN last_date IS NULL THEN NULL
      ELSE date(last_date, '+' || COALESCE((SELECT days FROM validity_days WHERE amount = last_amount), 28) || ' days') END
    WHERE number = NEW.number;
  END;
  `,
  // 7 (issue 16, the shared shop ledger): the outbox is a cursor over
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
  // 8: a cold number search (issue 14). A page of one customer's history was ~100 rows scattered
  // over two years of table: ~100 random reads after a restart. txns_number_rows keeps every
  // column the history list returns in (number, time) order, so a page of a few customers' rows
  // sits on a few index pages; the list reads it there, never the table. txns_last4 now carries
  // the number, so a longer ending ("43210") is checked on the index instead of on each row.
  // Costs: ~170 MB at 1M rows (about the size of the table) and one more index entry per write.
  `
  DROP INDEX txns_last4;
  CREATE INDEX txns_last4 ON txns (substr(number, -4), created_at DESC, id DESC, number);
  CREATE INDEX txns_number_rows ON txns (number, created_at DESC, id DESC, ref_id, operator, amount, status, provider_status,
    txn_id, opt_id, margin, balance_after, message, recharge_date, updated_at, next_check_at, attempts, last_error, money_note);
  `, // 9: the customer's money (issue 30). sales: how the customer paid for each recharge, written
  // with its Submitting row, in paise per part (cash + upi + credit = the recharge's amount);
  // sale_ref is the reference its UPI QR carried (tr). money_entries: everything that moves the
  // customer's money after the sale, one row per event, never edited or deleted (a mistake is a
  // new entry naming the old one in corrects): upi_received now; the khata's credit payments, cash
  // given back and corrections later (issue 30 items 3–5) are kinds of the same row, so the day's
  // close reads cash = cash sales + cash entries in, less cash given back, by entry_date.
  `
  CREATE TABLE sales (
    id INTEGER PRIMARY KEY,
    ref_id TEXT NOT NULL UNIQUE,
    sale_ref TEXT UNIQUE,
    number TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('cash', 'upi', 'credit', 'split')),
    cash INTEGER NOT NULL CHECK (cash >= 0),
    upi INTEGER NOT NULL CHECK (upi >= 0),
    credit INTEGER NOT NULL CHECK (credit >= 0),
    sale_date TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX sales_date ON sales (sale_date, method);
  CREATE INDEX sales_number ON sales (number, created_at DESC) WHERE credit > 0;
  CREATE TRIGGER sales_no_update BEFORE UPDATE ON sales BEGIN SELECT RAISE(ABORT, 'a sale is append-only'); END;
  CREATE TRIGGER sales_no_delete BEFORE DELETE ON sales BEGIN SELECT RAISE(ABORT, 'a sale is append-only'); END;
  CREATE TABLE money_entries (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    ref_id TEXT,
    number TEXT,
    method TEXT,
    amount INTEGER NOT NULL,
    corrects INTEGER,
    entry_date TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX money_entries_ref ON money_entries (ref_id, kind) WHERE ref_id IS NOT NULL;
  CREATE INDEX money_entries_number ON money_entries (number, at) WHERE number IS NOT NULL;
  CREATE INDEX money_entries_date ON money_entries (entry_date, kind, method);
  CREATE TRIGGER money_entries_no_update BEFORE UPDATE ON money_entries BEGIN SELECT RAISE(ABORT, 'money entries are append-only'); END;
  CREATE TRIGGER money_entries_no_delete BEFORE DELETE ON money_entries BEGIN SELECT RAISE(ABORT, 'money entries are append-only'); END;
  -- The UPI sales still to be marked received, kept by triggers: the counter's short list reads a
  -- few rows here instead of passing over every UPI sale ever received. Derived (a restore rebuilds
  -- it from the two tables, in whichever order they are copied).
  CREATE TABLE upi_waiting (ref_id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, upi INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX upi_waiting_created ON upi_waiting (created_at DESC);
  CREATE TRIGGER sales_upi_waiting AFTER INSERT ON sales
  WHEN NEW.upi > 0 AND NOT EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'upi_received')
  BEGIN
    INSERT OR IGNORE INTO upi_waiting (ref_id, created_at, upi) VALUES (NEW.ref_id, NEW.created_at, NEW.upi);
  END;
  CREATE TRIGGER money_entries_upi_received AFTER INSERT ON money_entries WHEN NEW.kind = 'upi_received' BEGIN
    DELETE FROM upi_waiting WHERE ref_id = NEW.ref_id;
  END;
  `,
  // 10: the provider profile a recharge was sent with (issue 28), `id@version`, so a later change of
  // profile cannot change how this recharge's answers are read. '' for those sent before profiles:
  // they were all the document's (document@1).
  `
  ALTER TABLE txns ADD COLUMN profile TEXT NOT NULL DEFAULT '';
  `,
  // 11: the khata (issue 30 item 3): each
  // number's due, kept by triggers from the two append-only tables, so the counter's dues list reads
  // a few rows on an index instead of summing every credit sale and payment of 50,000 customers.
  // Due = credit sales − credit_payment − credit_reversed − kept_as_credit + correction (signed).
  // since: the India-time date the due last rose above nothing (NULL while nothing is owed); the
  // dues list's age counts from it. Derived: a restore replays the two tables in time order
  // (khata-sql.ts replayKhata). The list reads only khata_owing (name kept beside the due, from the
  // book) and the ages' totals only khata_ages (count and sum per `since` date, a few hundred rows):
  // a cold list after a restart read ~300 scattered pages through the book and the dues, now a few.
  // customers gains the owner's per-customer credit limit (NULL: the shop's default) and the
  // language reminders are written in (NULL: the shop's).
  `
  CREATE TABLE khata (number TEXT PRIMARY KEY, due INTEGER NOT NULL, since TEXT, at INTEGER NOT NULL,
    name TEXT NOT NULL DEFAULT '') WITHOUT ROWID;
  CREATE INDEX khata_owing ON khata (since, number, due, name) WHERE due > 0;
  CREATE TABLE khata_ages (since TEXT PRIMARY KEY, count INTEGER NOT NULL, due INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TRIGGER khata_ages_insert AFTER INSERT ON khata WHEN NEW.due > 0 BEGIN
${khataAgeAdd()}
  END;
  CREATE TRIGGER khata_ages_update AFTER UPDATE OF due, since ON khata BEGIN
    UPDATE khata_ages SET count = count - 1, due = due - OLD.due WHERE OLD.due > 0 AND since = OLD.since;
${khataAgeAdd()}
  END;
  CREATE TRIGGER khata_ages_delete AFTER DELETE ON khata WHEN OLD.due > 0 BEGIN
    UPDATE khata_ages SET count = count - 1, due = due - OLD.due WHERE since = OLD.since;
  END;
  CREATE TRIGGER customers_khata_name_insert AFTER INSERT ON customers BEGIN
    UPDATE khata SET name = NEW.name WHERE number = NEW.number AND name != NEW.name;
  END;
  CREATE TRIGGER customers_khata_name_update AFTER UPDATE OF name ON customers BEGIN
    UPDATE khata SET name = NEW.name WHERE number = NEW.number AND name != NEW.name;
  END;
  CREATE TRIGGER sales_khata AFTER INSERT ON sales WHEN NEW.credit > 0 BEGIN
${khataMove('NEW.credit', 'NEW.sale_date', 'NEW.created_at')}
  END;
  CREATE TRIGGER money_entries_khata AFTER INSERT ON money_entries
  WHEN NEW.number IS NOT NULL AND NEW.kind IN ('credit_payment', 'credit_reversed', 'kept_as_credit', 'correction') BEGIN
${khataMove("CASE NEW.kind WHEN 'correction' THEN NEW.amount ELSE -NEW.amount END", 'NEW.entry_date', 'NEW.at')}
  END;
  ALTER TABLE customers ADD COLUMN credit_limit INTEGER;
  ALTER TABLE customers ADD COLUMN lang TEXT;
  INSERT INTO khata (number, due, since, at, name)
    SELECT number, sum(credit), min(sale_date), max(created_at), coalesce((SELECT name FROM customers c WHERE c.number = s.number), '')
    FROM sales s WHERE credit > 0 GROUP BY number;
  `,
  // 12 (issue 30 items 4–5): money follows the recharge. A sale whose recharge fails or is refunded has its credit part taken off
  // the due by itself (credit_reversed) and its paid part listed to give back (give_back_waiting,
  // derived like upi_waiting) until given back or kept as credit. Unique indexes make each happen
  // once per recharge, whatever replays it; the triggers write it in the status change's own SQL
  // transaction, so a crash keeps both or neither. Sales already failed are brought in once here.
  `
  CREATE UNIQUE INDEX money_entries_reversed_once ON money_entries (ref_id) WHERE kind = 'credit_reversed';
  CREATE UNIQUE INDEX money_entries_settled_once ON money_entries (ref_id) WHERE kind IN ('given_back', 'kept_as_credit');
  CREATE TABLE give_back_waiting (ref_id TEXT PRIMARY KEY, failed_at INTEGER NOT NULL, amount INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX give_back_waiting_failed ON give_back_waiting (failed_at DESC);
  CREATE TRIGGER txns_failed_money AFTER UPDATE OF status ON txns WHEN NEW.status IN ('Failure', 'Refunded', 'Error') BEGIN
${failedSaleMoney('NEW.ref_id', 'NEW.updated_at')}
  END;
  CREATE TRIGGER txns_failed_money_insert AFTER INSERT ON txns WHEN NEW.status IN ('Failure', 'Refunded', 'Error') BEGIN
${failedSaleMoney('NEW.ref_id', 'NEW.updated_at')}
  END;
  CREATE TRIGGER sales_failed_money AFTER INSERT ON sales
  WHEN EXISTS (SELECT 1 FROM txns WHERE ref_id = NEW.ref_id AND status IN ('Failure', 'Refunded', 'Error')) BEGIN
${failedSaleMoney('NEW.ref_id', '(SELECT updated_at FROM txns WHERE ref_id = NEW.ref_id)')}
  END;
  CREATE TRIGGER money_entries_settled AFTER INSERT ON money_entries WHEN NEW.kind IN ('given_back', 'kept_as_credit') BEGIN
    DELETE FROM give_back_waiting WHERE ref_id = NEW.ref_id;
  END;
  INSERT OR IGNORE INTO money_entries (kind, ref_id, number, method, amount, entry_date, at)
  SELECT 'credit_reversed', s.ref_id, s.number, NULL, s.credit, date(t.updated_at / 1000, 'unixepoch', '+330 minutes'), t.updated_at
  FROM sales s JOIN txns t ON t.ref_id = s.ref_id WHERE s.credit > 0 AND t.status IN ('Failure', 'Refunded', 'Error');
  INSERT OR IGNORE INTO give_back_waiting (ref_id, failed_at, amount)
  SELECT s.ref_id, t.updated_at, s.cash + s.upi FROM sales s JOIN txns t ON t.ref_id = s.ref_id
  WHERE s.cash + s.upi > 0 AND t.status IN ('Failure', 'Refunded', 'Error')
    AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind IN ('given_back', 'kept_as_credit'));
  `,
  // 13: several provider accounts (issue 29). Each row is one attempt of a sale, sent to one
  // account: account_id ('main' for every older row: the one account of Settings), sale_id (the
  // first attempt's ref_id; NULL on older rows: a sale of its own), attempt_no, route_json (the
  // routing decision, written with the Submitting row), and the two facts the failover law reads:
  // failure_confirmed (the status check itself answered Failure) and not_processed (the recharge
  // reply was a refusal the profile declares safe). txns_sale finds a sale's attempts.
  // Money follows the sale, not each attempt: migration 12's triggers took a failed attempt's
  // sale off the due and onto the give-back list at once, but a routed attempt's failure may be
  // followed by another attempt that succeeds. So the triggers now act on a row routing did not
  // place (one attempt: the sale's fate), or a refund (nothing follows a refund), keyed by the
  // sale (its first attempt's ref_id); a routed sale's money follows when the recharge service
  // finds the sale can go no further (MoneyFollowSql.followFailedSale, the same SQL). A sale
  // copied in by a restore follows its last attempt's status.
  `
  ALTER TABLE txns ADD COLUMN account_id TEXT NOT NULL DEFAULT 'main';
  ALTER TABLE txns ADD COLUMN sale_id TEXT;
  ALTER TABLE txns ADD COLUMN attempt_no INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE txns ADD COLUMN route_json TEXT;
  ALTER TABLE txns ADD COLUMN failure_confirmed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE txns ADD COLUMN not_processed INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX txns_sale ON txns (sale_id, attempt_no) WHERE sale_id IS NOT NULL;
  DROP TRIGGER txns_failed_money;
  DROP TRIGGER txns_failed_money_insert;
  DROP TRIGGER sales_failed_money;
  CREATE TRIGGER txns_failed_money AFTER UPDATE OF status ON txns
  WHEN NEW.status IN ('Failure', 'Refunded', 'Error') AND (NEW.route_json IS NULL OR NEW.status = 'Refunded') BEGIN
${failedSaleMoney('coalesce(NEW.sale_id, NEW.ref_id)', 'NEW.updated_at')}
  END;
  CREATE TRIGGER txns_failed_money_insert AFTER INSERT ON txns
  WHEN NEW.status IN ('Failure', 'Refunded', 'Error') AND (NEW.route_json IS NULL OR NEW.status = 'Refunded') BEGIN
${failedSaleMoney('coalesce(NEW.sale_id, NEW.ref_id)', 'NEW.updated_at')}
  END;
  CREATE TRIGGER sales_failed_money AFTER INSERT ON sales
  WHEN (${LAST_ATTEMPT_OF_SALE('NEW.ref_id')}) IN ('Failure', 'Refunded', 'Error') BEGIN
${failedSaleMoney('NEW.ref_id', `(SELECT max(updated_at) FROM txns WHERE ref_id = NEW.ref_id OR sale_id = NEW.ref_id)`)}
  END;
  `,
  // 14 (issue 30 item 5): the close checks UPI too. What the shop's UPI app lists as received for
  // the day (upi_counted, staff enter it blind as the cash) beside what the ledger expected then
  // (upi_expected), per revision. NULL on closings made before, and when the close did not ask
  // (a shop without UPI): "not counted", never a zero that would read as a shortfall.
  `
  ALTER TABLE day_closes ADD COLUMN upi_expected INTEGER;
  ALTER TABLE day_closes ADD COLUMN upi_counted INTEGER;
  `,
  // 15: what the owner must know of a sale, kept (issue 29). A possible double recharge (an attempt
  // counted failed, with another sent after it, that its provider later calls a Success) was a
  // notice in memory only: a restart forgot it, and the ledger still calls that attempt a Failure
  // (Failure → Success is not a move the money allows). One row per sale, kind and attempt, written
  // when it is found (again: ignored); seen_at is the owner's "I have checked this". Never deleted,
  // and nothing but seen_at changes, once.
  `
  CREATE TABLE sale_flags (
    id INTEGER PRIMARY KEY,
    sale_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('possible_double')),
    first_ref TEXT NOT NULL,
    second_ref TEXT NOT NULL,
    at INTEGER NOT NULL,
    seen_at INTEGER
  );
  CREATE UNIQUE INDEX sale_flags_once ON sale_flags (sale_id, kind, first_ref);
  CREATE INDEX sale_flags_unseen ON sale_flags (at) WHERE seen_at IS NULL;
  CREATE TRIGGER sale_flags_no_delete BEFORE DELETE ON sale_flags BEGIN SELECT RAISE(ABORT, 'a sale flag is kept'); END;
  CREATE TRIGGER sale_flags_seen_once BEFORE UPDATE ON sale_flags
  WHEN OLD.seen_at IS NOT NULL OR NEW.sale_id IS NOT OLD.sale_id OR NEW.kind IS NOT OLD.kind OR NEW.first_ref IS NOT OLD.first_ref
    OR NEW.second_ref IS NOT OLD.second_ref OR NEW.at IS NOT OLD.at
  BEGIN SELECT RAISE(ABORT, 'a sale flag changes only when first seen'); END;
  `,
  // 16: the route decision's reads (issue 29), each an index walk of a few rows, not a read of
  // the day or of 300 whole rows: a capped entry's spend today is one account's rows for one
  // operator (txns_spend, covering the "surely failed" test), and an account's failures in a row
  // are its newest rows back to its last Success (txns_account).
  `
  CREATE INDEX txns_spend ON txns (operator, account_id, created_at, amount, status, not_processed, failure_confirmed, money_note);
  CREATE INDEX txns_account ON txns (account_id, id, status, created_at);
  `,
  // 17 (issue 35 item 1): a changed answer. The provider said the customer got nothing (a
  // Failure, or a refusal or not-sent close: Error) and its status check later said Success: the
  // ledger takes the checked word and keeps both, with when each was said. One row per change,
  // written in the same SQL transaction as the status, never edited or deleted.
  `
  CREATE TABLE answer_changes (
    id INTEGER PRIMARY KEY,
    ref_id TEXT NOT NULL,
    sale_id TEXT NOT NULL,
    from_status TEXT NOT NULL,
    from_word TEXT,
    from_at INTEGER NOT NULL,
    to_status TEXT NOT NULL,
    to_word TEXT,
    to_at INTEGER NOT NULL
  );
  CREATE INDEX answer_changes_ref ON answer_changes (ref_id, id);
  CREATE INDEX answer_changes_sale ON answer_changes (sale_id, id);
  CREATE TRIGGER answer_changes_no_update BEFORE UPDATE ON answer_changes BEGIN SELECT RAISE(ABORT, 'a changed answer is kept as written'); END;
  CREATE TRIGGER answer_changes_no_delete BEFORE DELETE ON answer_changes BEGIN SELECT RAISE(ABORT, 'a changed answer is kept as written'); END;
  -- What the shopkeeper did about the customer's money after a changed answer, once per sale:
  -- collected (it was handed back: on the due, then paid) or on_due (put back on the due). The
  -- money entries themselves are written with it (corrections and a payment: the khata's kinds).
  CREATE TABLE answer_change_fixes (
    id INTEGER PRIMARY KEY,
    sale_id TEXT NOT NULL UNIQUE,
    choice TEXT NOT NULL CHECK (choice IN ('collected', 'on_due')),
    amount INTEGER NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE TRIGGER answer_change_fixes_no_update BEFORE UPDATE ON answer_change_fixes BEGIN SELECT RAISE(ABORT, 'a fix is kept as written'); END;
  CREATE TRIGGER answer_change_fixes_no_delete BEFORE DELETE ON answer_change_fixes BEGIN SELECT RAISE(ABORT, 'a fix is kept as written'); END;
  `,
  // 18 (issue 35 item 7): a sale counted once in the day book. The day totals (migration 3) count
  // attempts; a failover's attempts after the first are found by their day here (a few rows, one
  // per failover), so the report takes out the failed attempts another attempt followed.
  `
  CREATE INDEX txns_later_attempts ON txns (recharge_date) WHERE attempt_no > 1;
  `,
  // 19 (issue 39 item 1): the report at any size. "How customers paid" read each sale of the range
  // and probed txns twice for whether any attempt went: a month of a busy shop is ~40,000 sales,
  // ~300 ms, a year seconds. The day's sales that went are added up per (sale date, method) by
  // triggers, as migration 3 does for the recharges: a sale counts when its first attempt goes
  // through and stops counting when its last one that went stops (a refund, a changed answer);
  // inserted in either order (a restore), whichever comes second counts it. Per account the same
  // (the report's part for a shop with several accounts read every row of the range).
  `
  CREATE TABLE sale_day_totals (
    sale_date TEXT NOT NULL,
    method TEXT NOT NULL,
    count INTEGER NOT NULL,
    cash INTEGER NOT NULL,
    upi INTEGER NOT NULL,
    credit INTEGER NOT NULL,
    PRIMARY KEY (sale_date, method)
  ) WITHOUT ROWID;
  INSERT INTO sale_day_totals
    SELECT sale_date, method, count(*), sum(cash), sum(upi), sum(credit) FROM sales s INDEXED BY sales_date
    WHERE ${saleWent('s.ref_id')} GROUP BY sale_date, method;
  CREATE TRIGGER sales_day_totals AFTER INSERT ON sales WHEN ${saleWent('NEW.ref_id')} BEGIN
${saleDayMove('NEW.ref_id', 1)}
  END;
  CREATE TRIGGER txns_sale_went AFTER UPDATE OF status ON txns
  WHEN NEW.status IN ${WENT} AND OLD.status NOT IN ${WENT} AND ${saleWentCount('coalesce(NEW.sale_id, NEW.ref_id)')} = 1 BEGIN
${saleDayMove('coalesce(NEW.sale_id, NEW.ref_id)', 1)}
  END;
  CREATE TRIGGER txns_sale_went_insert AFTER INSERT ON txns
  WHEN NEW.status IN ${WENT} AND ${saleWentCount('coalesce(NEW.sale_id, NEW.ref_id)')} = 1 BEGIN
${saleDayMove('coalesce(NEW.sale_id, NEW.ref_id)', 1)}
  END;
  CREATE TRIGGER txns_sale_undone AFTER UPDATE OF status ON txns
  WHEN OLD.status IN ${WENT} AND NEW.status NOT IN ${WENT} AND ${saleWentCount('coalesce(NEW.sale_id, NEW.ref_id)')} = 0 BEGIN
${saleDayMove('coalesce(NEW.sale_id, NEW.ref_id)', -1)}
  END;
  CREATE TRIGGER txns_sale_undone_delete AFTER DELETE ON txns
  WHEN OLD.status IN ${WENT} AND ${saleWentCount('coalesce(OLD.sale_id, OLD.ref_id)')} = 0 BEGIN
${saleDayMove('coalesce(OLD.sale_id, OLD.ref_id)', -1)}
  END;
  CREATE TABLE txn_account_day_totals (
    recharge_date TEXT NOT NULL,
    account_id TEXT NOT NULL,
    status TEXT NOT NULL,
    count INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    margin INTEGER NOT NULL,
    PRIMARY KEY (recharge_date, account_id, status)
  ) WITHOUT ROWID;
  INSERT INTO txn_account_day_totals
    SELECT recharge_date, account_id, status, count(*), sum(amount), coalesce(sum(margin), 0) FROM txns NOT INDEXED GROUP BY 1, 2, 3;
  CREATE TRIGGER txns_account_day_totals_insert AFTER INSERT ON txns BEGIN
${accountDayMove('NEW', 1)}
  END;
  CREATE TRIGGER txns_account_day_totals_update AFTER UPDATE OF recharge_date, account_id, status, amount, margin ON txns
  WHEN OLD.recharge_date IS NOT NEW.recharge_date OR OLD.account_id IS NOT NEW.account_id OR OLD.status IS NOT NEW.status
    OR OLD.amount IS NOT NEW.amount OR OLD.margin IS NOT NEW.margin
  BEGIN
${accountDayMove('OLD', -1)}
${accountDayMove('NEW', 1)}
  END;
  CREATE TRIGGER txns_account_day_totals_delete AFTER DELETE ON txns BEGIN
${accountDayMove('OLD', -1)}
  END;
  `,
  // 20 (issue 40): the advances the shop holds, beside the dues list. Read without an index it
  // walked every customer's khata row (dues at 50,000 customers: 0.35 -> 1.3 ms warm, 3.8 -> 48 ms
  // cold); as khata_owing does for dues, a partial index holds only the rows below nothing.
  `
  CREATE INDEX khata_advances ON khata (at, number, due, name) WHERE due < 0;
  `,
  // 21 (issue 40): "the customer did not pay". A UPI sale whose recharge failed and whose UPI never
  // came had two ways out, both wrong: given back (a refund that never happened, taken off the
  // close's UPI) or kept as credit (an advance of money the shop never got). not_paid settles such
  // a sale with its UPI part and moves no money: once per sale with the other two (a second unique
  // index beside migration 12's), never beside upi_received (either order aborts), and it takes the
  // sale off both waiting lists, including when a later status or a restore would put it back.
  `
  CREATE UNIQUE INDEX money_entries_settled_once_of_three ON money_entries (ref_id)
    WHERE kind IN ('given_back', 'kept_as_credit', 'not_paid');
  CREATE TRIGGER money_entries_not_paid_received BEFORE INSERT ON money_entries
  WHEN (NEW.kind = 'not_paid' AND EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'upi_received'))
    OR (NEW.kind = 'upi_received' AND EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'not_paid'))
  BEGIN
    SELECT RAISE(ABORT, 'a sale is either paid by UPI or not paid');
  END;
  CREATE TRIGGER money_entries_not_paid AFTER INSERT ON money_entries WHEN NEW.kind = 'not_paid' BEGIN
    DELETE FROM upi_waiting WHERE ref_id = NEW.ref_id;
    DELETE FROM give_back_waiting WHERE ref_id = NEW.ref_id;
  END;
  CREATE TRIGGER upi_waiting_not_paid AFTER INSERT ON upi_waiting
  WHEN EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'not_paid') BEGIN
    DELETE FROM upi_waiting WHERE ref_id = NEW.ref_id;
  END;
  CREATE TRIGGER give_back_waiting_not_paid AFTER INSERT ON give_back_waiting
  WHEN EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'not_paid') BEGIN
    DELETE FROM give_back_waiting WHERE ref_id = NEW.ref_id;
  END;
  `,
  // 22 (issue 38 item 1): who did it. Every action that moves or records money (a sale, a payment,
  // a correction, a give-back, a close count, a complaint, a changed answer's fix) and every change
  // of settings or routing is someone's: the person signed in when the shopkeeper's click reached
  // the core, as named then (a later rename or removal leaves the record as it was). person_id is
  // 0 for the owner and NULL for staff on a shared PIN with no names. ref names the row the action
  // wrote in its own table (a sale's ref_id, a money entry's id, a close's date#revision, a
  // complaint's id) or, for a settings change, what it changed. A row of its own, written in the
  // same SQL transaction as what it records, never edited or deleted; a day's rows by person are an
  // index walk of that day.
  `
  CREATE TABLE done_by (
    id INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    ref TEXT NOT NULL,
    day TEXT NOT NULL,
    at INTEGER NOT NULL,
    person_id INTEGER,
    person_name TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL CHECK (role IN ('owner', 'staff'))
  );
  CREATE INDEX done_by_ref ON done_by (action, ref);
  CREATE INDEX done_by_day ON done_by (day, at);
  CREATE TRIGGER done_by_no_update BEFORE UPDATE ON done_by BEGIN SELECT RAISE(ABORT, 'who did what is append-only'); END;
  CREATE TRIGGER done_by_no_delete BEFORE DELETE ON done_by BEGIN SELECT RAISE(ABORT, 'who did what is append-only'); END;
  `,
  // 23 (issue 40): a split sale (cash and UPI) whose recharge failed and whose UPI part never came.
  // Given back booked both parts as cash out of the drawer (the close expected it short by the UPI
  // part), and 21's not_paid is for a sale paid wholly by UPI. split_not_paid settles it in one
  // entry of two parts: its amount is the cash handed back (out of the drawer), and the sale's UPI
  // part is not paid (moving no money). As 21 does for not_paid: once per sale with the other three
  // (a third unique index; 12's and 21's stay), never beside upi_received (either order aborts: the
  // UPI did come after all, so the shopkeeper hands that back too), and the sale leaves both waiting
  // lists, including when a later status or a restore would put it back.
  `
  CREATE UNIQUE INDEX money_entries_settled_once_of_four ON money_entries (ref_id)
    WHERE kind IN ('given_back', 'kept_as_credit', 'not_paid', 'split_not_paid');
  CREATE TRIGGER money_entries_split_not_paid_received BEFORE INSERT ON money_entries
  WHEN (NEW.kind = 'split_not_paid' AND EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'upi_received'))
    OR (NEW.kind = 'upi_received' AND EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'split_not_paid'))
  BEGIN
    SELECT RAISE(ABORT, 'a sale is either paid by UPI or not paid');
  END;
  CREATE TRIGGER money_entries_split_not_paid AFTER INSERT ON money_entries WHEN NEW.kind = 'split_not_paid' BEGIN
    DELETE FROM upi_waiting WHERE ref_id = NEW.ref_id;
    DELETE FROM give_back_waiting WHERE ref_id = NEW.ref_id;
  END;
  CREATE TRIGGER upi_waiting_split_not_paid AFTER INSERT ON upi_waiting
  WHEN EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'split_not_paid') BEGIN
    DELETE FROM upi_waiting WHERE ref_id = NEW.ref_id;
  END;
  CREATE TRIGGER give_back_waiting_split_not_paid AFTER INSERT ON give_back_waiting
  WHEN EXISTS (SELECT 1 FROM money_entries WHERE ref_id = NEW.ref_id AND kind = 'split_not_paid') BEGIN
    DELETE FROM give_back_waiting WHERE ref_id = NEW.ref_id;
  END;
  `,
  // 24: empty. It was kept for issue 37's peer tables while three branches were built side by
  // side; they came as 27. Kept as it is: a ledger already at 24 must count the same steps.
  '',
  // 25 (issue 37 part 2): each attempt's sale, number and provider account travel with the other
  // counters' rows, so a failed-over sale reads as one sale at every counter and a sale with two
  // successful attempts as a possible double. Rows kept before (no columns) read as a sale of their
  // own on 'main'. The pull starts again from the first change: every kept row then gets its sale
  // and account, and a changed answer refused by older versions (Failure to Success) comes back.
  // The whole-shop report counts each sale once, the charges beyond a sale's first (possible
  // doubles: only later attempts can be one) and each account's part, on these indexes.
  `
  ALTER TABLE shop_rows ADD COLUMN sale_id TEXT;
  ALTER TABLE shop_rows ADD COLUMN attempt_no INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE shop_rows ADD COLUMN account_id TEXT NOT NULL DEFAULT 'main';
  ALTER TABLE shop_rows ADD COLUMN account_name TEXT NOT NULL DEFAULT '';
  CREATE INDEX shop_rows_sale ON shop_rows (sale_id, attempt_no) WHERE sale_id IS NOT NULL;
  -- Covering for the whole-shop report with each sale once and the part per account, names too
  -- (7's read each row for its counter's name).
  DROP INDEX shop_rows_created;
  CREATE INDEX shop_rows_created ON shop_rows (created_at, counter, status, amount, account_id, attempt_no, counter_name, account_name);
  -- A sale's later attempts in a range (a few: one per failover), where a second charge can be.
  CREATE INDEX shop_rows_later_attempts ON shop_rows (created_at) WHERE attempt_no > 1;
  CREATE INDEX txns_later_attempts_created ON txns (created_at) WHERE attempt_no > 1;
  UPDATE shop_outbox SET pulled_seq = 0;
  `,
  // 26 (issue 39): the day book's month from a cold disk in a few pages. Taking a failover's failed
  // steps out (migration 18) read each later attempt's row for its sale and number, then the step
  // before it for its day, status, operator and amount: ~1,200 random reads for a month of a busy
  // counter, ~100 ms of the cold report. Both sides are now read from indexes alone: the later
  // attempts with their sale, and the attempts that gave the customer nothing (the only ones the
  // report takes out) with what it adds up. The list is the money law's 'nothing' as it stands
  // today; the report's query names this index, so a change of that list fails there, loudly.
  `
  DROP INDEX txns_later_attempts;
  CREATE INDEX txns_later_attempts ON txns (recharge_date, sale_id, attempt_no) WHERE attempt_no > 1;
  CREATE INDEX txns_failed_attempts ON txns (sale_id, attempt_no, recharge_date, status, operator, amount)
    WHERE sale_id IS NOT NULL AND status IN ('Failure', 'Refunded', 'Error');
  `,
  // 27 (issue 37 part 1; the place 24 kept for it was released empty, so it comes after 26): the
  // other counters' money, pulled through the shop ledger's records channel.
  // Kept in peer tables beside this counter's own, not in sales and money_entries: the day's close,
  // the UPI and give-back lists and the journal are this counter's drawer and must not count
  // another's cash; only the khata is the shop's, so the same trigger moves it from either table.
  // A row is (counter, that counter's local id), inserted once (OR IGNORE): a record pulled again
  // moves no due twice. Append-only like the tables they mirror, and kept when the shop ledger's
  // address changes (money once told is not forgotten; the new ledger's copy is the same row).
  // records_pulled: the channel's own pull cursor; shop_record_push: each kind's push cursor (an
  // id for the append-only kinds; customers change, so their cursor is (updated_at, id)). Rowid
  // tables all: a restore copies every table by rowid ranges (salvage.ts).
  `
  ALTER TABLE shop_outbox ADD COLUMN records_pulled INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE shop_record_push (kind TEXT PRIMARY KEY, at INTEGER NOT NULL DEFAULT 0, id INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE peer_sales (
    counter TEXT NOT NULL,
    local_id INTEGER NOT NULL,
    counter_name TEXT NOT NULL,
    ref_id TEXT NOT NULL UNIQUE,
    number TEXT NOT NULL,
    method TEXT NOT NULL,
    cash INTEGER NOT NULL,
    upi INTEGER NOT NULL,
    credit INTEGER NOT NULL,
    sale_date TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (counter, local_id)
  );
  CREATE INDEX peer_sales_number ON peer_sales (number, created_at) WHERE credit > 0;
  CREATE TABLE peer_money_entries (
    counter TEXT NOT NULL,
    local_id INTEGER NOT NULL,
    counter_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    ref_id TEXT,
    number TEXT,
    method TEXT,
    amount INTEGER NOT NULL,
    corrects INTEGER,
    entry_date TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (counter, local_id)
  );
  CREATE INDEX peer_money_entries_number ON peer_money_entries (number, at) WHERE number IS NOT NULL;
  CREATE INDEX peer_money_entries_ref ON peer_money_entries (ref_id, kind) WHERE ref_id IS NOT NULL;
  CREATE TABLE peer_customers (
    counter TEXT NOT NULL,
    number TEXT NOT NULL,
    name TEXT NOT NULL,
    credit_limit INTEGER,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (counter, number)
  );
  CREATE TRIGGER peer_sales_no_update BEFORE UPDATE ON peer_sales BEGIN SELECT RAISE(ABORT, 'a sale is append-only'); END;
  CREATE TRIGGER peer_sales_no_delete BEFORE DELETE ON peer_sales BEGIN SELECT RAISE(ABORT, 'a sale is append-only'); END;
  CREATE TRIGGER peer_money_entries_no_update BEFORE UPDATE ON peer_money_entries
  BEGIN SELECT RAISE(ABORT, 'money entries are append-only'); END;
  CREATE TRIGGER peer_money_entries_no_delete BEFORE DELETE ON peer_money_entries
  BEGIN SELECT RAISE(ABORT, 'money entries are append-only'); END;
  CREATE TRIGGER peer_sales_khata AFTER INSERT ON peer_sales WHEN NEW.credit > 0 BEGIN
${khataMove('NEW.credit', 'NEW.sale_date', 'NEW.created_at')}
  END;
  CREATE TRIGGER peer_money_entries_khata AFTER INSERT ON peer_money_entries
  WHEN NEW.number IS NOT NULL AND NEW.kind IN ('credit_payment', 'credit_reversed', 'kept_as_credit', 'correction') BEGIN
${khataMove("CASE NEW.kind WHEN 'correction' THEN NEW.amount ELSE -NEW.amount END", 'NEW.entry_date', 'NEW.at')}
  END;
  `,
  // 28: the owner's "checked" on a possible double travels (issue 37). flag_checks is this counter's
  // log of the sales the owner checked here, its own (filled from sale_flags.seen_at by a trigger,
  // the checks made before this version included) or another counter's (a double the owner saw in
  // the whole-shop history): the records channel pushes it by id. peer_flag_checks keeps the other
  // counters' checks as pulled, once per counter and sale. Both append-only.
  `
  CREATE TABLE flag_checks (id INTEGER PRIMARY KEY, sale_id TEXT NOT NULL UNIQUE, at INTEGER NOT NULL);
  INSERT INTO flag_checks (sale_id, at)
    SELECT sale_id, min(seen_at) FROM sale_flags WHERE seen_at IS NOT NULL GROUP BY sale_id ORDER BY min(seen_at), sale_id;
  CREATE TRIGGER sale_flags_checked AFTER UPDATE OF seen_at ON sale_flags WHEN NEW.seen_at IS NOT NULL
  BEGIN INSERT OR IGNORE INTO flag_checks (sale_id, at) VALUES (NEW.sale_id, NEW.seen_at); END;
  CREATE TRIGGER sale_flags_checked_as_kept AFTER INSERT ON sale_flags WHEN NEW.seen_at IS NOT NULL
  BEGIN INSERT OR IGNORE INTO flag_checks (sale_id, at) VALUES (NEW.sale_id, NEW.seen_at); END;
  CREATE TRIGGER flag_checks_no_update BEFORE UPDATE ON flag_checks BEGIN SELECT RAISE(ABORT, 'a check is kept'); END;
  CREATE TRIGGER flag_checks_no_delete BEFORE DELETE ON flag_checks BEGIN SELECT RAISE(ABORT, 'a check is kept'); END;
  CREATE TABLE peer_flag_checks (
    counter TEXT NOT NULL,
    sale_id TEXT NOT NULL,
    counter_name TEXT NOT NULL,
    sale_counter TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (counter, sale_id)
  );
  CREATE INDEX peer_flag_checks_sale ON peer_flag_checks (sale_id, at);
  CREATE TRIGGER peer_flag_checks_no_update BEFORE UPDATE ON peer_flag_checks BEGIN SELECT RAISE(ABORT, 'a check is kept'); END;
  CREATE TRIGGER peer_flag_checks_no_delete BEFORE DELETE ON peer_flag_checks BEGIN SELECT RAISE(ABORT, 'a check is kept'); END;
  `,
  // 29 (issue 37 part 1, item 3): each counter's day closings, pulled through the records channel,
  // so the owner's whole-shop day shows every counter's count beside its figures. Kept apart from
  // day_closes (this counter's drawer, what its close refuses to close twice) and append-only like
  // it: a close is (counter, day, revision), inserted once. The day indexes hold what the
  // whole-shop day adds up, so one day of the peers' sales and entries is read from the index alone,
  // not a row per sale scattered over a year of every counter's history.
  `
  CREATE TABLE peer_day_closes (
    counter TEXT NOT NULL,
    date TEXT NOT NULL,
    revision INTEGER NOT NULL,
    counter_name TEXT NOT NULL,
    closed_at INTEGER NOT NULL,
    expected INTEGER NOT NULL,
    counted INTEGER NOT NULL,
    upi_expected INTEGER,
    upi_counted INTEGER,
    success_count INTEGER NOT NULL,
    open_count INTEGER NOT NULL,
    note TEXT NOT NULL,
    by_name TEXT,
    by_role TEXT,
    PRIMARY KEY (counter, date, revision)
  );
  CREATE INDEX peer_day_closes_date ON peer_day_closes (date, counter, revision);
  CREATE INDEX peer_sales_date ON peer_sales (sale_date, counter, method, cash, upi, credit);
  CREATE INDEX peer_money_entries_date ON peer_money_entries (entry_date, counter, kind, method, amount, corrects);
  CREATE TRIGGER peer_day_closes_no_update BEFORE UPDATE ON peer_day_closes
  BEGIN SELECT RAISE(ABORT, 'a closed day is append-only'); END;
  CREATE TRIGGER peer_day_closes_no_delete BEFORE DELETE ON peer_day_closes
  BEGIN SELECT RAISE(ABORT, 'a closed day is append-only'); END;
  `,
  // 30: a place kept for another part of issue 37 built beside these; released empty.
  '',
  // 31 (issue 37, customers are the shop's): a customer's name and credit limit are the newest
  // edit of any counter. customers.name and credit_limit now hold that newest edit (so the number
  // box, search, dues list and statement read them where they always did, on their indexes), and
  // shop_at / shop_from say whose edit it is: its time and its counter's prefix ('' for this
  // counter's own). updated_at moves with every success, so it could not tell an edit from a sale:
  // a recharge at counter 2 made its stale name "newer" than counter 1's rename. Only this
  // counter's own edits are pushed (customers_own_edits, a cursor over (shop_at, id)), a cleared
  // name too. The customer push starts again (its cursor was over updated_at), and the records
  // pull starts again from the first change so the names already kept in peer_customers are
  // brought into the book with their search words (kept records are kept once).
  `
  ALTER TABLE customers ADD COLUMN shop_at INTEGER;
  ALTER TABLE customers ADD COLUMN shop_from TEXT;
  UPDATE customers SET shop_at = updated_at, shop_from = '' WHERE name != '' OR credit_limit IS NOT NULL;
  CREATE INDEX customers_own_edits ON customers (shop_at, id) WHERE shop_from = '';
  DELETE FROM shop_record_push WHERE kind = 'customer';
  UPDATE shop_outbox SET records_pulled = 0;
  `,
  // 32 (issue 37): a peer's money-back entry (a credit sale's reversal, a give-back, kept as credit,
  // not paid) is held to the law a live one meets: every attempt of its sale ended with nothing for
  // the customer. A Success the status check made of a Failure (a changed answer) had been a
  // failure when that counter wrote the reversal; shop_rows now keeps that it was so changed
  // (changed_by_check, sticky once set), and the pull starts again from the first change so the
  // rows already kept learn it.
  `
  ALTER TABLE shop_rows ADD COLUMN changed_by_check INTEGER NOT NULL DEFAULT 0;
  UPDATE shop_outbox SET pulled_seq = 0 WHERE id = 1;
  `,
  // 33 (issue 37): the whole-shop month at 3 × 1M rows in <= 50 ms. The report grouped every row
  // of the range, this counter's and the others', sorting each for its GROUP BY and looking each
  // own row up in txns (~450 ms warm, ~900 ms cold). Triggers now keep its totals per India-time
  // day of created_at (the report's ranges are by creation time; recharge_date is the provider's
  // date, so migration 3's and 19's tables cannot serve): the others' rows per (day, counter,
  // status, account, first attempt or not) with the names they were sent with in the key, so a
  // renamed counter's max(name) over a range is the same as over its rows, and a pulled row
  // updated (an upsert of the same row, a changed answer) moves its figures from its old key to
  // its new one; this counter's own per (day, status, account, first attempt or not). The report
  // reads whole days here and the partial days at a range's ends row by row. Possible doubles
  // stay row by row on the later attempts' partial indexes (a few rows; whether an earlier
  // attempt went changes with rows the charge's day does not hold). The others' rows only ever go
  // all at once (another shop ledger: ShopSql.resetFor), which empties their totals with them: no
  // delete trigger, so that stays one truncation, not 3M trigger runs. Rows already kept are added
  // up once, here, one statement each: 2.5 s for 1M own rows and 1M pulled rows together (one sort
  // of each; measured on the 2-core build machine at load ~4).
  `
  CREATE TABLE shop_day_totals (
    day TEXT NOT NULL,
    counter TEXT NOT NULL,
    status TEXT NOT NULL,
    account_id TEXT NOT NULL,
    first INTEGER NOT NULL,
    counter_name TEXT NOT NULL,
    account_name TEXT NOT NULL,
    count INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (day, counter, status, account_id, first, counter_name, account_name)
  ) WITHOUT ROWID;
  INSERT INTO shop_day_totals
    SELECT coalesce(date(created_at / 1000.0, 'unixepoch', '+330 minutes'), ''), counter, status, account_id, attempt_no = 1,
      counter_name, account_name, count(*), sum(amount)
    FROM shop_rows NOT INDEXED GROUP BY 1, 2, 3, 4, 5, 6, 7;
  CREATE TRIGGER shop_rows_day_totals_insert AFTER INSERT ON shop_rows BEGIN
${shopDayMove('shop', 'NEW', 1)}
  END;
  CREATE TRIGGER shop_rows_day_totals_update
  AFTER UPDATE OF created_at, counter, status, account_id, attempt_no, counter_name, account_name, amount ON shop_rows
  WHEN OLD.created_at IS NOT NEW.created_at OR OLD.counter IS NOT NEW.counter OR OLD.status IS NOT NEW.status
    OR OLD.account_id IS NOT NEW.account_id OR OLD.attempt_no IS NOT NEW.attempt_no OR OLD.counter_name IS NOT NEW.counter_name
    OR OLD.account_name IS NOT NEW.account_name OR OLD.amount IS NOT NEW.amount
  BEGIN
${shopDayMove('shop', 'OLD', -1)}
${shopDayMove('shop', 'NEW', 1)}
  END;
  CREATE TABLE txn_shop_day_totals (
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    account_id TEXT NOT NULL,
    first INTEGER NOT NULL,
    count INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (day, status, account_id, first)
  ) WITHOUT ROWID;
  INSERT INTO txn_shop_day_totals
    SELECT coalesce(date(created_at / 1000.0, 'unixepoch', '+330 minutes'), ''), status, account_id, attempt_no = 1, count(*), sum(amount)
    FROM txns NOT INDEXED GROUP BY 1, 2, 3, 4;
  CREATE TRIGGER txns_shop_day_totals_insert AFTER INSERT ON txns BEGIN
${shopDayMove('own', 'NEW', 1)}
  END;
  CREATE TRIGGER txns_shop_day_totals_update AFTER UPDATE OF created_at, status, account_id, attempt_no, amount ON txns
  WHEN OLD.created_at IS NOT NEW.created_at OR OLD.status IS NOT NEW.status OR OLD.account_id IS NOT NEW.account_id
    OR OLD.attempt_no IS NOT NEW.attempt_no OR OLD.amount IS NOT NEW.amount
  BEGIN
${shopDayMove('own', 'OLD', -1)}
${shopDayMove('own', 'NEW', 1)}
  END;
  CREATE TRIGGER txns_shop_day_totals_delete AFTER DELETE ON txns BEGIN
${shopDayMove('own', 'OLD', -1)}
  END;
  `,
  // 34 (issue 37, one provider account at several counters): another counter's row says which
  // provider wallet it moved (wallet_key, a digest of the account's address and username: see
  // balance/wallet-key.ts) and the commission it earned, so this counter's wallet watch counts
  // the other counters' recharges on the same wallet and no others. NULL on rows an older
  // version pushed: they explain no drop here. Not pulled again: only a row that changes from
  // now on moves the watch, and its next pull brings its key.
  `
  ALTER TABLE shop_rows ADD COLUMN wallet_key TEXT;
  ALTER TABLE shop_rows ADD COLUMN margin INTEGER;
  `,
];
