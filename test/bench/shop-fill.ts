import type { PostgresServer } from '../support/postgres-server';
import type { ShopCounter } from '../support/shop-counter';

/**
 * History's ids start here, above any the bench's counters write: their SQLite files are new, so
 * their own ids (events, sales, money entries) start at 1, and a history numbered from 1 would meet
 * them on the primary keys (a sale pushed as `local_id` 1 would leave the old one in place).
 */
const HISTORY_ID = 1_000_000_000;
const YEARS_MS = 2 * 365 * 86_400_000;

/**
 * The history of a shop that has run for two years, as rows of the shop ledger: recharge `i`
 * (1…3n, counters in turn, in time order) with its counter's own number `n` for ids. Each takes
 * three change numbers: its row, its sale, and (one credit sale in two, paid later) a payment, so
 * the sequence has the gaps a real one has. 50,000 customers' numbers, nine recharges in ten done.
 */
const history = (prefixes: readonly string[], perCounter: number, start: number) => `
  SELECT i, c, n, c || lpad((100000000000 + n)::text, 12, '0') AS ref,
    '96' || lpad(((n * 7919 + i % 3) % 50000)::text, 8, '0') AS number,
    (ARRAY[1000, 19900, 23900, 29900, 66600])[i % 5 + 1]::bigint AS amount,
    CASE WHEN i % 10 = 7 THEN 'Failure' ELSE 'Success' END AS status,
    (ARRAY['cash', 'upi', 'cash', 'credit', 'cash'])[i % 5 + 1] AS method,
    at, to_char(to_timestamp(at / 1000.0) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day
  FROM (SELECT i, (ARRAY[${prefixes.map((p) => `'${p}'`).join(', ')}])[i % ${prefixes.length} + 1] AS c,
      (i - 1) / ${prefixes.length} + 1 AS n,
      ${start}::bigint + (i::bigint * ${YEARS_MS}) / ${perCounter * prefixes.length} AS at
    FROM generate_series(1::bigint, ${perCounter * prefixes.length}) AS i) AS s`;

/**
 * Fills the shop ledger (its schema made by the counters' first sync) with `perCounter` recharges
 * of each counter, two events each (sent, then the reply), a sale each in the records channel and a
 * khata payment for one credit sale in two: a few INSERT … SELECT FROM generate_series. The
 * triggers that number each change are off for the fill (session_replication_role: the superuser
 * the bench connects as), the numbers set here in the order the shop wrote them and the sequence
 * moved past them, then the tables vacuumed and analysed as autovacuum has long done for a real
 * shop. Returns the sequence's last value and the seconds the inserts and the vacuum took.
 */
export function fillShopLedger(pg: PostgresServer, url: string, prefixes: readonly string[], perCounter: number) {
  const db = new URL(url).pathname.slice(1);
  const h = history(prefixes, perCounter, Date.now() - YEARS_MS - 86_400_000);
  const t0 = performance.now();
  pg.psql(
    `SET session_replication_role = replica;
     INSERT INTO shop_txns (ref_id, counter, number, operator, amount, status, message, recharge_date, created_at,
       updated_at, last_event_id, change_seq, sale_id, attempt_no, account_id, account_name)
     SELECT ref, c, number, 'JIO', amount, status, CASE status WHEN 'Success' THEN 'Recharge done' ELSE 'Operator down' END,
       day, at, at + 2000, ${HISTORY_ID} + 2 * n, 3 * i - 2, ref, 1, 'main', 'Main account' FROM (${h}) AS h;
     INSERT INTO shop_events (counter, event_id, ref_id, at, from_status, to_status, source)
     SELECT c, ${HISTORY_ID} + 2 * n - 1, ref, at, NULL, 'Submitting', 'submit' FROM (${h}) AS h
     UNION ALL
     SELECT c, ${HISTORY_ID} + 2 * n, ref, at + 2000, 'Submitting', status, 'reply' FROM (${h}) AS h;
     INSERT INTO shop_records (counter, kind, local_id, body, version, change_seq)
     SELECT c, 'sale', (${HISTORY_ID} + n)::text, jsonb_build_object('refId', ref, 'number', number, 'method', method,
         'cash', CASE WHEN method = 'cash' THEN amount ELSE 0 END, 'upi', CASE WHEN method = 'upi' THEN amount ELSE 0 END,
         'credit', CASE WHEN method = 'credit' THEN amount ELSE 0 END, 'saleDate', day, 'createdAt', at),
       0, 3 * i - 1
     FROM (${h}) AS h;
     INSERT INTO shop_records (counter, kind, local_id, body, version, change_seq)
     SELECT c, 'money_entry', (${HISTORY_ID} + n)::text, jsonb_build_object('kind', 'credit_payment', 'refId', NULL,
         'number', number, 'method', 'cash', 'amount', amount, 'corrects', NULL, 'entryDate', day, 'at', at + 3000),
       0, 3 * i
     FROM (${h}) AS h WHERE status = 'Success' AND method = 'credit' AND i % 2 = 0;
     SELECT setval('shop_change_seq', ${3 * perCounter * prefixes.length});`,
    db,
  );
  const inserted = performance.now();
  pg.psql('VACUUM ANALYZE shop_txns, shop_events, shop_records', db);
  const vacuumed = performance.now();
  const last = Number(pg.psql('SELECT last_value FROM shop_change_seq', db).trim());
  return { lastSeq: last, insertSeconds: (inserted - t0) / 1000, vacuumSeconds: (vacuumed - inserted) / 1000 };
}

/**
 * Each counter as one that has synced with this shop ledger for years: its pull cursors (rows, and
 * the records channel's) at the sequence's last value, through the ledger's own cursor moves, so its
 * first sync pulls nothing. Its push cursors stay where its own file is (nothing unsent).
 */
export async function caughtUp(counters: readonly ShopCounter[], lastSeq: number) {
  for (const c of counters) {
    c.ledger.shop.keepPulled([], lastSeq);
    c.ledger.shopRecords.movePulled(lastSeq);
  }
  for (const c of counters) await c.sync.syncNow();
  for (const c of counters) {
    const { pulled } = c.ledger.shop.cursor();
    if (pulled !== lastSeq || c.ledger.shopRecords.pulled() !== lastSeq)
      throw new Error(`a counter's cursors moved off the filled shop ledger's ${lastSeq}`);
  }
}
