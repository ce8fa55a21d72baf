import * as z from 'zod';
import { balanceSchema, complaintSchema, txnEventSchema, txnStatusSchema, txnViewSchema } from '../../../shared/ipc/txn-schemas';
import type { BalanceSnapshot, ComplaintRecord, TxnEvent, TxnRecord } from '../txn/txn-record';

/**
 * Rows come from a file on disk that an older app, a power cut or a hand edit may have shaped
 * differently: each is parsed into its record here, once, so nothing above the ledger trusts
 * SQLite's untyped rows (and a damaged row fails loudly instead of reaching the screen).
 */
const events = z.array(txnEventSchema);
const complaints = z.array(complaintSchema);
const minAt = z.object({ at: z.number().int().nullable() });
const sendState = z.object({ answerSentAt: z.number().int().nullable(), notSent: z.number().int(), notFound: z.number().int() });
export interface SendState {
  answerSentAt: number | null;
  notSent: boolean;
  notFound: number;
}

export const toTxn = (row: unknown): TxnRecord | undefined => (row === undefined ? undefined : txnViewSchema.parse(row));

/**
 * Rows the app acts on (sends, checks, the duplicate guard): only those that parse. One row a
 * hand edit or an old bug left broken must not stop the counter; it is shown flagged instead.
 */
export const toTxns = (rows: unknown[]): TxnRecord[] =>
  rows.flatMap((row) => {
    const parsed = txnViewSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

const text = (v: unknown, max = 500): string => (typeof v === 'string' ? v.slice(0, max) : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);
const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v.slice(0, 500) : null);

/** A row that did not parse, as far as it can be read, flagged for the screen. */
function damagedTxn(row: unknown): TxnRecord {
  const r: Record<string, unknown> = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
  const status = txnStatusSchema.safeParse(r['status']);
  return {
    id: int(r['id']),
    refId: text(r['refId'], 64) || '?',
    number: text(r['number'], 32),
    operator: text(r['operator'], 16),
    amount: int(r['amount']),
    // A status outside the model is shown as one the shopkeeper must look at.
    status: status.success ? status.data : 'NeedsAttention',
    providerStatus: textOrNull(r['providerStatus']),
    txnId: textOrNull(r['txnId']),
    optId: textOrNull(r['optId']),
    margin: intOrNull(r['margin']),
    balanceAfter: intOrNull(r['balanceAfter']),
    message: text(r['message']),
    rechargeDate: text(r['rechargeDate'], 10),
    createdAt: int(r['createdAt']),
    updatedAt: int(r['updatedAt']),
    nextCheckAt: null,
    attempts: int(r['attempts']),
    lastError: textOrNull(r['lastError']),
    moneyNote: null,
    damaged: true,
  };
}

/** Rows a screen lists: every row, those that do not parse flagged rather than failing the list. */
export const toShownTxns = (rows: unknown[]): TxnRecord[] =>
  rows.map((row) => {
    const parsed = txnViewSchema.safeParse(row);
    return parsed.success ? parsed.data : damagedTxn(row);
  });
export const toShownTxn = (row: unknown): TxnRecord => toShownTxns([row])[0]!;
export const toEvents = (rows: unknown[]): TxnEvent[] => events.parse(rows);
export const toComplaints = (rows: unknown[]): ComplaintRecord[] => complaints.parse(rows);
export const toBalance = (row: unknown): BalanceSnapshot | undefined => (row === undefined ? undefined : balanceSchema.parse(row));
export const toSendState = (row: unknown): SendState => {
  const r = sendState.parse(row);
  return { answerSentAt: r.answerSentAt, notSent: r.notSent === 1, notFound: r.notFound };
};
export const toMinAt = (row: unknown): number | null => minAt.parse(row).at;
