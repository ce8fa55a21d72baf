import * as z from 'zod';
import { istDate } from '../../../shared/ist-date';
import { REF_ID_SHAPE, refIdOwnedBy } from '../../../shared/ref-id-shape';
import { dateFault, sameIdFault, type ReplaySpan } from '../../../shared/money-law/money-entry-law';
import type { PulledRecords, ShopRecordsSql } from '../ledger/shop-records-sql';
import type { ShopRecordOut } from './shop-db';
import type { Refusal } from './shop-rows';

/**
 * The records channel's `flag_checked` kind (issue 37): the owner's "checked" on a possible double
 * recharge, made at one counter, shown at every counter. The record is the checking counter's
 * (local id: the sale id) and names the sale's own counter, which may be another: the owner walks
 * to any counter. Version = the time of the check, set once, so a repeat changes nothing.
 */
const checkBody = z.strictObject({
  saleId: z.string().regex(REF_ID_SHAPE),
  saleCounter: z.string().regex(/^[0-9A-Z]{4}$/),
  at: z
    .number()
    .int()
    .min(Date.UTC(2020, 0, 1))
    .max(Date.UTC(2100, 0, 1)),
});

type Checked = { keep: Partial<PulledRecords> } | { refused: Refusal };

/**
 * One pulled check, after the envelope (counter, name, id) was read and is not this counter's own.
 * Kept only when it names a sale of the counter it says, known here, that two attempts were charged
 * for: a check never marks a sale that is not a double. It comes after the rows it needs (the pull
 * waits for them: waitsForRows), so a sale not yet a double here is refused, not held.
 */
export function checkFlagChecked(
  env: { counter: string; counterName: string; localId: string; body: unknown },
  ours: string,
  span: ReplaySpan,
  sql: ShopRecordsSql,
): Checked {
  const parsed = checkBody.safeParse(env.body);
  if (!parsed.success || parsed.data.saleId !== env.localId) return { refused: 'bad_values' };
  const c = parsed.data;
  if (!refIdOwnedBy(c.saleId, c.saleCounter)) return { refused: 'not_its_counter' };
  const same = sameIdFault(sql.flags.kept(env.counter, c.saleId) ?? null, c);
  if (same === 'already') return { keep: {} };
  if (same) return { refused: same };
  const dated = dateFault(c.at, istDate(c.at), span);
  if (dated) return { refused: dated };
  if (!sql.flags.known(c.saleId, c.saleCounter, c.saleCounter === ours)) return { refused: 'no_such_sale' };
  if (!sql.flags.isDouble(c.saleId)) return { refused: 'not_a_double' };
  return { keep: { flagChecks: [{ counter: env.counter, counterName: env.counterName, ...c }] } };
}

/** This counter's checks after their push cursor, each the sale it checked and the sale's counter. */
export function flagChecksOut(
  sql: ShopRecordsSql,
  limit: number,
  me: string,
): { records: ShopRecordOut[]; cursors: { kind: 'flag_checked'; at: number; id: number }[]; more: boolean } {
  const checks = sql.flags.ownAfter(sql.pushCursor('flag_checked').id, limit);
  const records = checks.map((c) => ({
    kind: 'flag_checked' as const,
    localId: c.saleId,
    body: { saleId: c.saleId, saleCounter: c.saleCounter ?? me, at: c.at },
    version: c.at,
  }));
  const last = checks.at(-1);
  return { records, cursors: last ? [{ kind: 'flag_checked', at: 0, id: last.id }] : [], more: checks.length === limit };
}
