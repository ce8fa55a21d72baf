import * as z from 'zod';
import { balanceSchema, complaintSchema, txnEventSchema, txnViewSchema } from '../../../shared/ipc/txn-schemas';
import type { BalanceSnapshot, ComplaintRecord, TxnEvent, TxnRecord } from '../txn/txn-record';

/**
 * Rows come from a file on disk that an older app, a power cut or a hand edit may have shaped
 * differently: each is parsed into its record here, once, so nothing above the ledger trusts
 * SQLite's untyped rows (and a damaged row fails loudly instead of reaching the screen).
 */
const txns = z.array(txnViewSchema);
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
export const toTxns = (rows: unknown[]): TxnRecord[] => txns.parse(rows);
export const toEvents = (rows: unknown[]): TxnEvent[] => events.parse(rows);
export const toComplaints = (rows: unknown[]): ComplaintRecord[] => complaints.parse(rows);
export const toBalance = (row: unknown): BalanceSnapshot | undefined => (row === undefined ? undefined : balanceSchema.parse(row));
export const toSendState = (row: unknown): SendState => {
  const r = sendState.parse(row);
  return { answerSentAt: r.answerSentAt, notSent: r.notSent === 1, notFound: r.notFound };
};
export const toMinAt = (row: unknown): number | null => minAt.parse(row).at;
