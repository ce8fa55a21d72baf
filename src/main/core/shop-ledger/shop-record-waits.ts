import * as z from 'zod';
import { MONEY_BACK_KINDS } from '../../../shared/money-law/money-entry-law';

/**
 * The records a peer checks against the sale's rows (its attempts and their statuses): the owner's
 * check of a double, and a money-back entry (a reversal, a give-back, kept as credit, not paid),
 * which the money law allows only for a sale whose attempts all ended with nothing for the customer.
 */
const needsRows = z.union([
  z.object({ kind: z.literal('flag_checked') }),
  z.object({ kind: z.literal('money_entry'), body: z.object({ kind: z.string().refine((k) => MONEY_BACK_KINDS.includes(k)) }) }),
]);

/**
 * Such a record numbered after the rows this counter has pulled waits for them: its counter pushed
 * the sale's rows before it (a check, and a money-back entry, go only once their sale's events are
 * pushed), so once the rows' pull has passed its number the sale is here as it was when the record
 * was written. The records' pull stops before it until then (the next sync).
 */
export function waitsForRows(raw: unknown, seq: number, rowsThrough: number): boolean {
  return seq > rowsThrough && needsRows.safeParse(raw).success;
}
