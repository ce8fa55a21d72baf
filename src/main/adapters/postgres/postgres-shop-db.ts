import postgres from 'postgres';
import type { ClaimRequest, ShopConnection, ShopDb, ShopEventOut, ShopRecordOut, ShopRowOut } from '../../core/shop-ledger/shop-db';
import { SHOP_MIGRATIONS } from './shop-migrations';
import { CHANGED_ANSWER_FROM, statusesMeaning } from '../../../shared/money-law/status-money';
import { STATUS_CHECK_SOURCES } from '../../../shared/money-law/transitions';

// Advisory lock keys (any constant bigint, unlikely to be used by another app on the same server).
const MIGRATE_LOCK = 7_130_416_001n;
const PUSH_LOCK = 7_130_416_002n;
/** The NOTIFY channel a push wakes the other counters on. */
const PUSHED = 'rechargedesk_shop_pushed';
// The money law's one table: open is money held, not counted is the customer got nothing.
const OPEN = [...statusesMeaning('held')];
const NOT_COUNTED = [...statusesMeaning('nothing')];
// A changed answer's event (by a status check) lets the other counters take the Success.
const CHANGEABLE = [...CHANGED_ANSWER_FROM];
/** An open row older than this is left to the status checks; it no longer warns other counters. */
const OPEN_WARN_MS = 24 * 3600_000;

/**
 * The shop ledger in PostgreSQL, through porsager's `postgres` client: pure JavaScript (nothing to
 * compile for Electron), queries as tagged templates (every value a parameter, never spliced into
 * SQL), its own pool and reconnects, and TypeScript types in the package.
 */
export function openPostgresShopDb(c: ShopConnection): ShopDb {
  const sql = postgres(c.url, {
    ...(c.password !== null ? { password: c.password } : {}),
    ssl: c.tls === 'disable' ? false : c.tls,
    max: 3,
    connect_timeout: 3,
    idle_timeout: 30,
    onnotice: () => {},
    connection: { application_name: 'RechargeDesk' },
  });

  return {
    async prepare(counter) {
      await sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK.toString()}::bigint)`;
        // A counter's own login (docs/shared-ledger.md) may not create tables: it only looks.
        const present = await tx`SELECT to_regclass('shop_schema') IS NOT NULL AS present`;
        if (present[0]?.['present'] !== true) await tx`CREATE TABLE shop_schema (version integer NOT NULL)`;
        const rows = await tx`SELECT version FROM shop_schema`;
        const found = rows[0]?.['version'];
        const version = typeof found === 'number' ? found : 0;
        if (rows.length === 0) await tx`INSERT INTO shop_schema (version) VALUES (0)`;
        for (let v = version; v < SHOP_MIGRATIONS.length; v++) {
          await tx.unsafe(SHOP_MIGRATIONS[v] ?? '');
          await tx`UPDATE shop_schema SET version = ${v + 1}`;
        }
        await tx`INSERT INTO shop_counters (prefix, name) VALUES (${counter.prefix}, ${counter.name})
                 ON CONFLICT (prefix) DO UPDATE SET name = EXCLUDED.name, seen_at = now()`;
      });
    },

    async push(counter, rows: readonly ShopRowOut[], events: readonly ShopEventOut[]) {
      await sql.begin(async (tx) => {
        // One pusher at a time for the whole shop: change_seq then commits in order, so a reader
        // that has seen N has seen every change up to N.
        await tx`SELECT pg_advisory_xact_lock(${PUSH_LOCK.toString()}::bigint)`;
        if (events.length > 0) {
          const eventRows = events.map((e) => ({
            counter,
            event_id: e.eventId,
            ref_id: e.refId,
            at: e.at,
            from_status: e.fromStatus,
            to_status: e.toStatus,
            source: e.source,
          }));
          await tx`INSERT INTO shop_events ${tx(eventRows)} ON CONFLICT (counter, event_id) DO NOTHING`;
        }
        if (rows.length === 0) return;
        const txnRows = rows.map((r) => ({
          ref_id: r.refId,
          counter,
          number: r.number,
          operator: r.operator,
          amount: r.amount,
          status: r.status,
          txn_id: r.txnId,
          opt_id: r.optId,
          margin: r.margin,
          message: r.message,
          recharge_date: r.rechargeDate,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
          last_event_id: r.lastEventId,
          sale_id: r.saleId,
          attempt_no: r.attemptNo,
          account_id: r.accountId,
          account_name: r.accountName,
          wallet_key: r.walletKey,
        }));
        await tx`
          INSERT INTO shop_txns ${tx(txnRows)}
          ON CONFLICT (ref_id) DO UPDATE SET
            number = EXCLUDED.number, operator = EXCLUDED.operator, amount = EXCLUDED.amount,
            status = EXCLUDED.status, txn_id = EXCLUDED.txn_id, opt_id = EXCLUDED.opt_id,
            margin = EXCLUDED.margin, message = EXCLUDED.message, recharge_date = EXCLUDED.recharge_date,
            created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at,
            last_event_id = EXCLUDED.last_event_id, sale_id = EXCLUDED.sale_id, attempt_no = EXCLUDED.attempt_no,
            account_id = EXCLUDED.account_id, account_name = EXCLUDED.account_name, wallet_key = EXCLUDED.wallet_key, change_seq = nextval('shop_change_seq')
          WHERE shop_txns.counter = EXCLUDED.counter AND shop_txns.last_event_id <= EXCLUDED.last_event_id`;
        // The real rows replace this counter's claims on their numbers.
        await tx`DELETE FROM shop_claims WHERE counter = ${counter} AND ref_id IN ${tx(rows.map((r) => r.refId))}`;
        // Delivered at commit, to every counter listening: they pull now, not at their next timer.
        await tx`SELECT pg_notify(${PUSHED}, ${counter})`;
      });
    },

    async pushRecords(counter, records: readonly ShopRecordOut[]) {
      if (records.length === 0) return;
      await sql.begin(async (tx) => {
        // The same lock as push: every change number commits in order, across both tables.
        await tx`SELECT pg_advisory_xact_lock(${PUSH_LOCK.toString()}::bigint)`;
        const rows = records.map((r) => ({
          counter,
          kind: r.kind,
          local_id: r.localId,
          body: tx.json(r.body as postgres.JSONValue),
          version: r.version,
        }));
        // Only a newer version replaces a record (and takes a new number): the same batch again changes nothing.
        await tx`
          INSERT INTO shop_records ${tx(rows)}
          ON CONFLICT (counter, kind, local_id) DO UPDATE SET body = EXCLUDED.body, version = EXCLUDED.version
          WHERE shop_records.version < EXCLUDED.version`;
        await tx`SELECT pg_notify(${PUSHED}, ${counter})`;
      });
    },

    async pullRecords(counter, afterSeq, limit) {
      const rows = await sql`
        SELECT r.counter, COALESCE(c.name, r.counter) AS "counterName", r.kind, r.local_id AS "localId", r.body,
          r.change_seq::float8 AS seq
        FROM shop_records r LEFT JOIN shop_counters c ON c.prefix = r.counter
        WHERE r.change_seq > ${afterSeq} AND r.counter <> ${counter}
        ORDER BY r.change_seq LIMIT ${limit}`;
      const seq = await sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::float8 AS last FROM shop_change_seq`;
      return { rows: [...rows], lastSeq: seq[0]?.['last'] };
    },

    async pull(counter, afterSeq, limit) {
      const rows = await sql`
        SELECT t.ref_id AS "refId", t.counter, COALESCE(c.name, t.counter) AS "counterName", t.number, t.operator,
          t.amount::float8 AS amount, t.status, t.message, t.created_at::float8 AS "createdAt",
          t.updated_at::float8 AS "updatedAt", t.change_seq::float8 AS seq,
          t.sale_id AS "saleId", t.attempt_no AS "attemptNo", t.account_id AS "accountId", t.account_name AS "accountName",
          t.wallet_key AS "walletKey", t.margin::float8 AS margin,
          EXISTS (SELECT 1 FROM shop_events e WHERE e.ref_id = t.ref_id AND e.counter = t.counter
            AND e.from_status IN ${sql(CHANGEABLE)} AND e.to_status = 'Success' AND e.source IN ${sql([...STATUS_CHECK_SOURCES])}) AS "changedByCheck"
        FROM shop_txns t LEFT JOIN shop_counters c ON c.prefix = t.counter
        WHERE t.change_seq > ${afterSeq} AND t.counter <> ${counter}
        ORDER BY t.change_seq LIMIT ${limit}`;
      // Read after the rows: every row they hold took its number before this is read.
      const seq = await sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::float8 AS last FROM shop_change_seq`;
      return { rows: [...rows], lastSeq: seq[0]?.['last'] };
    },

    async claim(r: ClaimRequest) {
      return sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`rechargedesk:number:${r.number}`}, 0))`;
        const conflicts = await tx`
          SELECT 'sending' AS kind, c.ref_id AS "refId", c.counter, COALESCE(n.name, c.counter) AS "counterName",
            c.amount::float8 AS amount, 'Submitting' AS status, c.claimed_at::float8 AS "createdAt"
          FROM shop_claims c LEFT JOIN shop_counters n ON n.prefix = c.counter
          WHERE c.number = ${r.number} AND c.counter <> ${r.counter} AND c.claimed_at > ${r.now - r.claimTtlMs}
          UNION ALL
          SELECT CASE WHEN t.status IN ${tx(OPEN)} THEN 'open' ELSE 'recent' END, t.ref_id, t.counter,
            COALESCE(n.name, t.counter), t.amount::float8, t.status, t.created_at::float8
          FROM shop_txns t LEFT JOIN shop_counters n ON n.prefix = t.counter
          WHERE t.number = ${r.number} AND t.counter <> ${r.counter}
            AND ((t.status IN ${tx(OPEN)} AND t.created_at > ${r.now - OPEN_WARN_MS})
              OR (t.amount = ${r.amount} AND t.created_at >= ${r.since} AND t.status NOT IN ${tx(NOT_COUNTED)}))
          ORDER BY 7 DESC LIMIT 5`;
        if (conflicts.length > 0 && !r.force) return { claimed: false, conflicts: [...conflicts] };
        await tx`
          INSERT INTO shop_claims (number, ref_id, counter, amount, claimed_at)
          VALUES (${r.number}, ${r.refId}, ${r.counter}, ${r.amount}, ${r.now})
          ON CONFLICT (number) DO UPDATE SET ref_id = EXCLUDED.ref_id, counter = EXCLUDED.counter,
            amount = EXCLUDED.amount, claimed_at = EXCLUDED.claimed_at`;
        return { claimed: true, conflicts: [...conflicts] };
      });
    },

    async onPush(fn) {
      await sql.listen(PUSHED, () => fn());
    },

    async close() {
      await sql.end({ timeout: 2 });
    },
  };
}
