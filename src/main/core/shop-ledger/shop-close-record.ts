import * as z from 'zod';
import { cleanPeerText } from '../../../shared/peer-text';
import { istDate } from '../../../shared/ist-date';
import { ROLES } from '../../../shared/lock-schemas';
import { dateFault, sameIdFault, type ReplaySpan } from '../../../shared/money-law/money-entry-law';
import type { PulledRecords, ShopRecordsSql } from '../ledger/shop-records-sql';
import { closeRef } from '../ledger/day-close-sql';
import type { Refusal } from './shop-rows';

/** The most a close may say of a day's drawer or UPI, as the close itself takes it (dayCloseChannels). */
const DAY_MAX_PAISE = 100_000_000_00;
const counted = z.number().int().min(0).max(DAY_MAX_PAISE);
// What the drawer should have held: a day that gave back more than it took is below zero.
const expected = z.number().int().min(-DAY_MAX_PAISE).max(DAY_MAX_PAISE);
const count = z.number().int().min(0).max(1_000_000);

const closeBody = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  revision: z.number().int().min(1).max(999),
  closedAt: z
    .number()
    .int()
    .min(Date.UTC(2020, 0, 1))
    .max(Date.UTC(2100, 0, 1)),
  expected,
  counted,
  upiExpected: expected.nullable(),
  upiCounted: counted.nullable(),
  successCount: count,
  openCount: count,
  note: z.string().max(200),
  byName: z.string().max(200).nullable(),
  byRole: z.enum(ROLES).nullable(),
});

/** Text shown as written: a control or direction-changing character in it refuses the close (cleanPeerText would change it). */
const hidden = (text: string | null) => text !== null && cleanPeerText(text) !== text.replace(/ {2,}/g, ' ').trim();

/**
 * Another counter's closing of a day (docs/shared-ledger.md, kind `day_close`, local id
 * `date#revision`). A close is that counter's count of its own drawer: this counter keeps it as told
 * and never recounts it. Its `expected` is what that counter's screen said when it counted, so it
 * is shown beside the count and never enters the shop's totals: the whole-shop day's expected cash
 * and UPI are added up here from the sales and entries pulled (shop-day.ts), so a forged expected
 * changes only the difference that close names, in plain sight beside the figures that disagree.
 * It is not refused for disagreeing: entries dated that day after the count (a payment taken after
 * closing) and records not yet pulled make the two differ honestly.
 */
export function checkClose(
  env: { counter: string; counterName: string; localId: string; body: unknown },
  span: ReplaySpan,
  sql: ShopRecordsSql,
): { keep: Partial<PulledRecords> } | { refused: Refusal } {
  const parsed = closeBody.safeParse(env.body);
  if (!parsed.success) return { refused: 'bad_values' };
  const close = parsed.data;
  if (env.localId !== closeRef(close.date, close.revision)) return { refused: 'bad_values' };
  if (hidden(close.note) || hidden(close.byName)) return { refused: 'hidden_text' };
  const same = sameIdFault(sql.closes.kept(env.counter, close.date, close.revision) ?? null, close);
  if (same === 'already') return { keep: {} };
  if (same) return { refused: same };
  // A day is closed on it or after it, never before it began; and no further ahead than a clock's allowance.
  if (dateFault(close.closedAt, close.date, span) || close.date > istDate(close.closedAt)) return { refused: 'date_outside' };
  return { keep: { closes: [{ counter: env.counter, counterName: env.counterName, ...close }] } };
}
