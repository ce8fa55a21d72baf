import * as z from 'zod';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';

/**
 * What another counter's row must look like before this counter keeps it. The shop ledger is a
 * server other people run: a row with the wrong types, an impossible value, or a ref_id another
 * counter does not own is refused, never shown or used to warn.
 */
const prefix = z.string().regex(/^[0-9A-Z]{4}$/);
const time = z
  .number()
  .int()
  .min(Date.UTC(2020, 0, 1))
  .max(Date.UTC(2100, 0, 1));
const pulledRowSchema = z.strictObject({
  refId: z.string().regex(/^[0-9A-Z]{8,64}$/),
  counter: prefix,
  counterName: z.string().min(1).max(40),
  number: z.string().regex(/^\d{4,20}$/),
  operator: z.string().min(1).max(16),
  // Paise, at most ₹10 lakh: more is not a recharge.
  amount: z.number().int().min(1).max(100_000_000),
  status: txnStatusSchema,
  message: z.string().max(32_000),
  createdAt: time,
  updatedAt: time,
  seq: z.number().int().min(1),
});
export type PulledRow = z.infer<typeof pulledRowSchema>;

const conflictSchema = z.strictObject({
  kind: z.enum(['sending', 'open', 'recent']),
  refId: z.string().regex(/^[0-9A-Z]{8,64}$/),
  counter: prefix,
  counterName: z.string().min(1).max(40),
  amount: z.number().int().min(1).max(100_000_000),
  status: txnStatusSchema,
  createdAt: time,
});
export type ShopConflict = z.infer<typeof conflictSchema>;

export type Refusal = 'bad_values' | 'not_its_counter' | 'claims_this_counter';

/** A row another counter owns, or why it is refused. `ours` is this counter's prefix. */
export function checkPulledRow(raw: unknown, ours: string): { row: PulledRow } | { refused: Refusal; seq: number | null } {
  const seq = z.object({ seq: z.number().int().min(1) }).safeParse(raw);
  const at = seq.success ? seq.data.seq : null;
  const parsed = pulledRowSchema.safeParse(raw);
  if (!parsed.success) return { refused: 'bad_values', seq: at };
  return ownership(parsed.data, ours) ?? { row: parsed.data };
}

/** Another counter busy with the same number, or null when the row is not to be trusted. */
export function checkConflict(raw: unknown, ours: string): ShopConflict | null {
  const parsed = conflictSchema.safeParse(raw);
  if (!parsed.success) return null;
  return ownership(parsed.data, ours) ? null : parsed.data;
}

function ownership(row: { refId: string; counter: string; seq?: number }, ours: string): { refused: Refusal; seq: number | null } | null {
  const seq = row.seq ?? null;
  // This counter's rows come from its own ledger: the server never speaks for them.
  if (row.counter === ours || row.refId.startsWith(ours)) return { refused: 'claims_this_counter', seq };
  // The install prefix opens every ref_id: a row filed under another counter is forged.
  if (!row.refId.startsWith(row.counter)) return { refused: 'not_its_counter', seq };
  return null;
}
