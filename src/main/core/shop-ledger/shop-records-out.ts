import type { RecordKind, ShopRecordsSql } from '../ledger/shop-records-sql';
import type { ShopRecordOut } from './shop-db';
import { flagChecksOut } from './shop-flag-checks';
import { closeRef } from '../ledger/day-close-sql';

/**
 * How far another counter's record may be dated past this counter's clock. Wider than a restore's
 * hour (money-entry-law CLOCK_ALLOWANCE_MS): a peer whose clock is an hour wrong still took real
 * money, and a record refused is never pulled again. Days ahead is a forged record, not a clock.
 */
export const PEER_CLOCK_ALLOWANCE_MS = 24 * 3600_000;

export interface OwnBatch {
  records: ShopRecordOut[];
  /** Where each kind's cursor goes once the server has committed the batch. */
  cursors: { kind: RecordKind; at: number; id: number }[];
  /** A kind filled its batch: more may wait. */
  more: boolean;
}

/**
 * This counter's next records for the shop ledger, each kind after its own cursor. Money entries
 * name the sales before them, so they go only once the sales are caught up: a peer then never meets
 * an entry whose sale it has not seen (it would refuse it as no_such_sale, for good).
 */
export function ownRecords(sql: ShopRecordsSql, limit: number, me: string): OwnBatch {
  const out: OwnBatch = { records: [], cursors: [], more: false };
  const sales = sql.salesAfter(sql.pushCursor('sale').id, limit);
  for (const { id, ...body } of sales) out.records.push({ kind: 'sale', localId: String(id), body, version: 0 });
  const lastSale = sales.at(-1);
  if (lastSale) out.cursors.push({ kind: 'sale', at: 0, id: lastSale.id });
  if (sales.length === limit) return { ...out, more: true };

  const entries = sql.entriesAfter(sql.pushCursor('money_entry').id, limit);
  for (const { id, ...body } of entries) out.records.push({ kind: 'money_entry', localId: String(id), body, version: 0 });
  const lastEntry = entries.at(-1);
  if (lastEntry) out.cursors.push({ kind: 'money_entry', at: 0, id: lastEntry.id });

  const customers = sql.customersAfter(sql.pushCursor('customer'), limit);
  for (const { id: _id, ...body } of customers) {
    out.records.push({ kind: 'customer', localId: body.number, body, version: body.updatedAt });
  }
  const lastCustomer = customers.at(-1);
  if (lastCustomer) out.cursors.push({ kind: 'customer', at: lastCustomer.updatedAt, id: lastCustomer.id });
  const checks = flagChecksOut(sql, limit, me);
  out.records.push(...checks.records);
  out.cursors.push(...checks.cursors);

  // A close counts the drawer after the day's entries: it goes once every entry before it has gone
  // (the ones in this batch included), so a peer never shows a close without the money it counted.
  const entriesThrough = lastEntry?.id ?? sql.pushCursor('money_entry').id;
  const closes = sql.hasEntryAfter(entriesThrough) ? [] : sql.closes.ownAfter(sql.pushCursor('day_close').id, limit);
  for (const { id: _id, ...body } of closes) {
    out.records.push({ kind: 'day_close', localId: closeRef(body.date, body.revision), body, version: 0 });
  }
  const lastClose = closes.at(-1);
  if (lastClose) out.cursors.push({ kind: 'day_close', at: 0, id: lastClose.id });
  return { ...out, more: entries.length === limit || customers.length === limit || checks.more || closes.length === limit };
}
