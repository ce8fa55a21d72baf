import type { ProviderFields } from '../../../shared/provider-fields';

/** Why an outcome is unknown: the request may or may not have been carried out. */
export type UnknownReason = 'timeout' | 'network' | 'http_error' | 'unreadable' | 'provider_unsure';

export type Unknown = { kind: 'unknown'; reason: UnknownReason; detail: string };

/** A recharge call ends in exactly one of these. Only `answer` and `rejected` are facts. */
export type RechargeOutcome =
  | { kind: 'answer'; reply: ProviderFields; raw: string }
  | { kind: 'rejected'; code: string | null; message: string; raw: string }
  | Unknown;

/** A status check: `lookup_failed` says nothing about the recharge itself. */
export type StatusOutcome =
  | { kind: 'answer'; reply: ProviderFields; raw: string }
  | { kind: 'lookup_failed'; code: string | null; message: string; raw: string }
  | Unknown;

export type BalanceOutcome =
  | { kind: 'answer'; buyer: number; seller: number | null; lien: number | null; raw: string }
  | { kind: 'rejected'; code: string | null; message: string; raw: string }
  | Unknown;

export type ComplaintOutcome =
  | { kind: 'answer'; complainId: string; message: string; raw: string }
  | { kind: 'rejected'; code: string | null; message: string; raw: string }
  | Unknown;
