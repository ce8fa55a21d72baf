import * as z from 'zod';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';
import { cleanPeerText } from '../../../shared/peer-text';
import { MAX_RECHARGE_PAISE, statusMayFollow } from '../txn/money-rules';
import { REF_ID_SHAPE, refIdOwnedBy } from '../../../shared/ref-id-shape';
import type { TxnStatus } from '../../../shared/status';
import type { MoneyEntryRefusal } from '../../../shared/money-law/money-entry-law';
import { accountIdSchema } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { MAX_ATTEMPTS_CEILING } from '../../../shared/routing/routing-limits';
import { WALLET_KEY_SHAPE } from '../balance/wallet-key';

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
/** The longest provider account name that travels (the screens cut names to 40 too). */
export const ACCOUNT_NAME_MAX = 40;

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
  // A row an older version pushed has none of the next four: a sale of its own on the first account.
  saleId: refId.nullable().default(null),
  attemptNo: z.number().nullable().default(null),
  accountId: z.string().nullable().default(null),
  accountName: peerText(ACCOUNT_NAME_MAX).nullable().default(null),
  // From schema version 7; an older version's row has neither: it moved no wallet this counter can name.
  walletKey: z.string().nullable().default(null),
  margin: z.number().nullable().default(null),
  /** The shop's events hold a status check's changed answer for it (Failure or Error to Success). */
  changedByCheck: z.boolean().default(false),
});
/** The sale's attempt, checked: its counter's sale, attempt 1 to the routing rules' ceiling, an account of the local shape. */
const attemptSchema = z.strictObject({
  saleId: refId,
  attemptNo: z.number().int().min(1).max(MAX_ATTEMPTS_CEILING),
  accountId: accountIdSchema,
  accountName: z.string(),
  walletKey: z.string().regex(WALLET_KEY_SHAPE).nullable(),
});
type RawPulledRow = z.infer<typeof pulledRowSchema>;
export type PulledRow = Omit<RawPulledRow, keyof z.infer<typeof attemptSchema>> & z.infer<typeof attemptSchema>;

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
  | 'bad_sale'
  | 'bad_account'
  // A record of the records channel (shop-records.ts, shop-flag-checks.ts): the money law's names, and four of its own.
  | MoneyEntryRefusal
  | 'above_sale'
  | 'not_sale_part'
  | 'hidden_text'
  | 'not_a_double';

/** What this counter already keeps of a row: a new version must follow it as the money allows. */
export interface KeptSale {
  number: string;
  operator: string;
  amount: number;
  status: TxnStatus;
  margin: number | null;
}

/**
 * A row another counter owns, or why it is refused. `ours` is this counter's prefix; `kept` is the
 * row's earlier version here, if any: the same sale (number, amount, operator), and a status the
 * transition table lets follow the kept one, as for a provider's answer.
 */
export function checkPulledRow(raw: unknown, ours: string, kept: KeptSale | null = null): { row: PulledRow } | { refused: Refusal } {
  const parsed = pulledRowSchema.safeParse(raw);
  if (!parsed.success) return { refused: 'bad_values' };
  const owner = ownership(parsed.data, ours);
  if (owner) return owner;
  const attempt = attemptOf(parsed.data);
  if ('refused' in attempt) return attempt;
  const row: PulledRow = { ...parsed.data, ...attempt.attempt, margin: commission(parsed.data.margin, parsed.data.amount) };
  if (kept && (kept.number !== row.number || kept.amount !== row.amount || cleanPeerText(kept.operator) !== row.operator)) {
    return { refused: 'changed_sale' };
  }
  if (!mayFollow(kept?.status ?? null, row.status, row.changedByCheck)) return { refused: 'status_move' };
  return { row };
}

/**
 * The sale, attempt and account a row names (an older version's row: its own sale on 'main'). A
 * later attempt's sale is its counter's (another counter's sale id would join the wrong sale), and
 * a first attempt is its own sale.
 */
function attemptOf(row: RawPulledRow): { attempt: z.infer<typeof attemptSchema> } | { refused: Refusal } {
  const attempt = {
    saleId: row.saleId ?? row.refId,
    attemptNo: row.attemptNo ?? 1,
    accountId: row.accountId ?? FIRST_ACCOUNT_ID,
    accountName: row.accountName ?? '',
    walletKey: row.walletKey,
  };
  const parsed = attemptSchema.safeParse(attempt);
  const onAccount = (i: z.core.$ZodIssue) => i.path[0] === 'accountId' || i.path[0] === 'walletKey';
  if (!parsed.success) return { refused: parsed.error.issues.some(onAccount) ? 'bad_account' : 'bad_sale' };
  const { saleId, attemptNo } = parsed.data;
  if (!refIdOwnedBy(saleId, row.counter) || (attemptNo === 1) !== (saleId === row.refId)) return { refused: 'bad_sale' };
  return { attempt: parsed.data };
}

/**
 * A commission is whole paise from nothing to the amount (the provider pays it, never takes it):
 * any other figure is not used, and the wallet watch then expects the whole amount out, so an odd
 * figure can only make it tell more, never excuse a drop.
 */
function commission(margin: number | null, amount: number): number | null {
  return margin !== null && Number.isInteger(margin) && margin >= 0 && margin <= amount ? margin : null;
}

/**
 * As for a live answer: the transition table, and a changed answer (Failure or Error to Success)
 * only when a status check made it (its event in the shop ledger), then a refund may follow it.
 */
function mayFollow(kept: TxnStatus | null, status: TxnStatus, changedByCheck: boolean): boolean {
  if (statusMayFollow(kept, status)) return true;
  if (!changedByCheck || kept === null || !statusMayFollow(kept, 'Success', 'check')) return false;
  return statusMayFollow('Success', status);
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
