import type { MoneyNote } from '../../../shared/ipc/txn-schemas';
import type { z } from 'zod';
import type { balanceSchema, complaintSchema, historyRequestSchema, txnEventSchema, txnViewSchema } from '../../../shared/ipc/txn-schemas';
import type { TxnStatus } from '../../../shared/status';

// The domain records are the contract's schemas: a field is declared once, in src/shared, and the
// ledger, the services and the renderer all see the same shape.
export type TxnRecord = z.infer<typeof txnViewSchema>;
export type TxnEvent = z.infer<typeof txnEventSchema>;
export type EventSource = TxnEvent['source'];
export type ComplaintRecord = z.infer<typeof complaintSchema>;
export type BalanceSnapshot = z.infer<typeof balanceSchema>;
/** A history request as the IPC router hands it over (defaults applied). */
export type HistoryQuery = z.output<typeof historyRequestSchema>;

/** What a provider answer or a local decision changes on a transaction. Undefined keeps a field. */
export interface TxnUpdate {
  status: TxnStatus;
  providerStatus?: string | null;
  txnId?: string | null;
  optId?: string | null;
  margin?: number | null;
  balanceAfter?: number | null;
  message?: string;
  nextCheckAt: number | null;
  attempts?: number;
  lastError?: string | null;
  /** When the check this answer replies to was sent: an answer to an older check is not applied. */
  answerSentAt?: number;
  /** The recharge request failed before any byte left the machine. */
  notSent?: boolean;
  /** Status checks that found no such transaction, so far. */
  notFound?: number;
  moneyNote?: MoneyNote;
  /** The status check itself answered Failure: the failover law may count it failed (issue 29). */
  failureConfirmed?: boolean;
  /** The recharge reply was a refusal the profile declares safe (not carried out). */
  notProcessed?: boolean;
  /**
   * The answer of a status check (the poller's): only such an answer may change a Failure or a
   * refusal into a Success (a changed answer, kept in answer_changes with both words).
   */
  checked?: boolean;
  /** Write the event even though the status stays: an answer worth keeping (one about another request). */
  keepEvent?: boolean;
}
