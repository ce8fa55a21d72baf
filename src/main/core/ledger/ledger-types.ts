import type { TxnStatus } from '../../../shared/status';

export type EventSource = 'submit' | 'reply' | 'poll' | 'callback' | 'manual' | 'reconcile' | 'age';

export interface TxnRecord {
  id: number;
  refId: string;
  number: string;
  operator: string;
  /** Paise. */
  amount: number;
  status: TxnStatus;
  providerStatus: string | null;
  txnId: string | null;
  optId: string | null;
  margin: number | null;
  balanceAfter: number | null;
  message: string;
  rechargeDate: string;
  createdAt: number;
  updatedAt: number;
  nextCheckAt: number | null;
  attempts: number;
  lastError: string | null;
}

export interface TxnEvent {
  id: number;
  refId: string;
  at: number;
  fromStatus: TxnStatus | null;
  toStatus: TxnStatus;
  source: EventSource;
  providerReply: string | null;
  note: string | null;
}

export interface ComplaintRecord {
  complainId: string;
  refId: string;
  txnId: string;
  reason: string;
  message: string;
  createdAt: number;
}

export interface BalanceSnapshot {
  at: number;
  buyer: number;
  seller: number | null;
  lien: number | null;
  source: 'balance' | 'reply' | 'callback';
}

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
}

export interface HistoryQuery {
  /** UTC ms, inclusive start and exclusive end of the created time. */
  from?: number;
  to?: number;
  statuses?: TxnStatus[];
  operator?: string;
  /** Number prefix, or an exact ref_id, txn_id or operator reference. */
  search?: string;
  /** Keyset cursor: the last row of the previous page. */
  before?: { createdAt: number; id: number };
  limit: number;
}
