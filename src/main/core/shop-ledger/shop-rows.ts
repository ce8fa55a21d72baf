import * as z from 'zod';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';
import { cleanPeerText } from '../../../shared/peer-text';
import { MAX_RECHARGE_PAISE, statusMayFollow } from '../txn/money-rules';
import { REF_ID_SHAPE, refIdOwnedBy } from '../../../shared/ref-id-shape';
import type { TxnStatus } from '../../../shared/status';
import type { MoneyEntryRefusal } from '../../../shared/money-law/money-entry-law';

/**
 * What another counter's row must look like before this counter keeps it. The shop ledger is a
 * server other people run: a row with the wrong types, an impossible value, or a ref_id another
 * counter does not own is refused, never shown or used to warn.
 */
const prefix = z.string().regex(/^[0-9A-Z]{4}$/);
const refId = z.string().regex(REF_ID_SHAPE);
/** Text another counter wrote: control and bidirectional characters out before any screen sees it. */
const peerText = (max: number) => z.string().max(max).transform(cleanPeerText);
const counterName = peerText(40).pipe(z.string().min(1));
// Paise, at most ₹10 lakh: more is not a recharge (the same range a journal line must keep).
const amount = z.number().int().min(1).max(MAX_RECHARGE_PAISE);
/** A change number as the shop ledger counts them: a whole number JavaScript holds exactly. */
export const seqSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const time = z
  .number()
  .int()
  .min(Date.UTC(2020, 0, 1))
  .max(Date.UTC(2100, 0, 1));
const pulledRowSchema = z.strictObject({
  refId,
  counter: prefix,
  counterName,
  number: z.string().regex(/^\d{4,20}$/),
  operator: peerText(16).pipe(z.string().min(1)),
  amount,
  status: txnStatusSchema,
  message: peerText(32_000),
  createdAt: time,
  updatedAt: time,
  seq: seqSchema,
});
export type PulledRow = z.infer<typeof pulledRowSchema>;

const conflictSchema = z.strictObject({
  kind: z.enum(['sending', 'open', 'recent']),
  refId,
  counter: prefix,
  counterName,
  amount,
  status: txnStatusSchema,
  createdAt: time,
});
export type ShopConflict = z.infer<typeof conflictSchema>;

export type Refusal =
  | 'bad_values'
  | 'not_its_counter'
  | 'claims_this_counter'
  | 'status_move'
  | 'changed_sale'
  | 'seq_ahead'
  // A record of the records channel (shop-records.ts): the money law's names, and two of its own.
  | MoneyEntryRefusal
  | 'above_sale'
  | 'hidden_text';

/** What this counter already keeps of a row: a new version must follow it as the money allows. */
export interface KeptSale {
  number: string;
  operator: string;
  amount: number;
  status: TxnStatus;
}

/**
 * A row another counter owns, or why it is refused. `ours` is this counter's prefix; `kept` is the
 * row's earlier version here, if any: the same sale (number, amount, operator), and a status the
 * transition table lets follow the kept one, as for a provider's answer.
 */
export function checkPulledRow(raw: unknown, ours: string, kept: KeptSale | null = null): { row: PulledRow } | { refused: Refusal } {
  const parsed = pulledRowSchema.safeParse(raw);
  if (!parsed.success) return { refused: 'bad_values' };
  const row = parsed.data;
  const owner = ownership(row, ours);
  if (owner) return owner;
  if (kept && (kept.number !== row.number || kept.amount !== row.amount || cleanPeerText(kept.operator) !== row.operator)) {
    return { refused: 'changed_sale' };
  }
  if (!statusMayFollow(kept?.status ?? null, row.status)) return { refused: 'status_move' };
  return { row };
}

/** The change number of a row as the server sent it, or null when it is not one. */
export function seqOf(raw: unknown): number | null {
  const parsed = z.object({ seq: seqSchema }).safeParse(raw);
  return parsed.success ? parsed.data.seq : null;
}

/** The ref_id and counter a refused row claims, cleaned and cut for a notice. */
export function refusedNames(raw: unknown): { refId: string; counter: string } {
  const parsed = z.object({ refId: z.string(), counterName: z.string() }).partial().safeParse(raw);
  const names = parsed.success ? parsed.data : {};
  return { refId: cleanPeerText(names.refId ?? '').slice(0, 64), counter: cleanPeerText(names.counterName ?? '').slice(0, 40) };
}

/** Another counter busy with the same number, or null when the row is not to be trusted. */
export function checkConflict(raw: unknown, ours: string): ShopConflict | null {
  const parsed = conflictSchema.safeParse(raw);
  if (!parsed.success) return null;
  return ownership(parsed.data, ours) ? null : parsed.data;
}

function ownership(row: { refId: string; counter: string }, ours: string): { refused: Refusal } | null {
  // This counter's rows come from its own ledger: the server never speaks for them.
  if (row.counter === ours || refIdOwnedBy(row.refId, ours)) return { refused: 'claims_this_counter' };
  // The install prefix (or its digits) opens every ref_id: a row filed under another counter is forged.
  if (!refIdOwnedBy(row.refId, row.counter)) return { refused: 'not_its_counter' };
  return null;
}
