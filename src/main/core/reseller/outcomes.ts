import type { ProviderFields } from '../../../shared/provider-fields';
import type { ReplyMismatch } from '../../../shared/money-law/reply-match';

/** Why an outcome is unknown: the request may or may not have been carried out. */
export type UnknownReason = 'timeout' | 'network' | 'http_error' | 'unreadable' | 'provider_unsure';

export type Unknown = { kind: 'unknown'; reason: UnknownReason; detail: string };

/**
 * Unknown too: a reply that named another reference, number, amount or operator than we sent
 * (money-law/reply-match). What it named, the word it said, and the reply itself for the ledger.
 */
export type NotOurs = {
  kind: 'unknown';
  reason: 'not_ours';
  detail: string;
  mismatches: readonly ReplyMismatch[];
  said: ProviderFields['status']['status'];
  raw: string;
};

/** A recharge call ends in exactly one of these. Only `answer` and `rejected` are facts. */
export type RechargeOutcome =
  | { kind: 'answer'; reply: ProviderFields; raw: string }
  /** `definite`: the refusal is about this request (money-law/refusal-scope), so a sale may go on to another account. */
  | { kind: 'rejected'; code: string | null; message: string; raw: string; definite: boolean }
  | NotOurs
  | Unknown;

/** A status check: `lookup_failed` says nothing about the recharge itself. */
export type StatusOutcome =
  | { kind: 'answer'; reply: ProviderFields; raw: string }
  | { kind: 'lookup_failed'; code: string | null; message: string; raw: string }
  | NotOurs
  | Unknown;

export type BalanceOutcome =
  | { kind: 'answer'; buyer: number; seller: number | null; lien: number | null; raw: string }
  | { kind: 'rejected'; code: string | null; message: string; raw: string }
  | Unknown;

export type ComplaintOutcome =
  | { kind: 'answer'; complainId: string; message: string; raw: string }
  | { kind: 'rejected'; code: string | null; message: string; raw: string }
  | Unknown;
