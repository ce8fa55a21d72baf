import * as z from 'zod';
import { TXN_STATUSES } from '../status';
import { MAX_COMPLAINT_REASON_CHARS } from '../field-limits';
import { paymentRequestSchema } from '../payment/payment';

const paise = z.number().int();

/** Notes about the money after a transaction's first final answer. */
/**
 * refunded_after_success: a reversal after success; not_sent: closed because it never reached the
 * provider, nothing charged; answer_changed: a Failure or refusal the status check later called a
 * Success (the customer was recharged after all: answer_changes keeps both words).
 */
export const MONEY_NOTES = ['refunded_after_success', 'not_sent', 'answer_changed'] as const;
export type MoneyNote = (typeof MONEY_NOTES)[number];
const refId = z.string().min(1).max(64);

export { MAX_COMPLAINT_REASON_CHARS };

export const txnStatusSchema = z.enum(TXN_STATUSES);

/** A transaction as the renderer sees it: amounts in paise, times in UTC ms. */
export const txnViewSchema = z.object({
  id: z.number().int(),
  refId,
  number: z.string(),
  operator: z.string(),
  amount: paise,
  status: txnStatusSchema,
  providerStatus: z.string().nullable(),
  txnId: z.string().nullable(),
  optId: z.string().nullable(),
  margin: paise.nullable(),
  balanceAfter: paise.nullable(),
  message: z.string(),
  rechargeDate: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  nextCheckAt: z.number().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** What happened to the money after the first answer (a refund after success); the screens say it in words. */
  moneyNote: z.enum(MONEY_NOTES).nullable(),
  /**
   * The request never reached the provider (connection refused) and no answer has said otherwise:
   * nothing was charged, it is not money on hold. Present only when true (the ledger keeps 0/1).
   */
  notSent: z.preprocess((v) => (v === true || v === 1 ? true : undefined), z.literal(true).optional()),
  /** The provider account it was sent to (issue 29); absent on a searched list's row: the first account, 'main'. */
  accountId: z.string().max(40).optional(),
  /** The sale it is an attempt of: the first attempt's ref_id (its own for a one-attempt sale). */
  saleId: z.string().min(1).max(64).optional(),
  /** 1 for the first attempt of a sale, 2 for the failover after it, … */
  attemptNo: z.number().int().min(1).optional(),
  /** The status check itself answered Failure (the failover law's fact). Present only when true. */
  failureConfirmed: z.preprocess((v) => (v === true || v === 1 ? true : undefined), z.literal(true).optional()),
  /** The recharge reply was a refusal the profile declares safe: not carried out. Present only when true. */
  notProcessed: z.preprocess((v) => (v === true || v === 1 ? true : undefined), z.literal(true).optional()),
  /**
   * The row in the ledger did not make sense (a status not in the model, a text amount): shown
   * as far as it can be read, flagged, never acted on. Present only when true.
   */
  damaged: z.literal(true).optional(),
  /**
   * Staff asked before the day's count was recorded: its commission (margin) is withheld by the
   * core, so the screen says it is shown after the count (issue 38). Present only when true.
   */
  untilCounted: z.literal(true).optional(),
});
export type TxnView = z.infer<typeof txnViewSchema>;

export const EVENT_SOURCES = ['submit', 'reply', 'poll', 'callback', 'manual', 'reconcile', 'age'] as const;

export const txnEventSchema = z.object({
  id: z.number().int(),
  refId,
  at: z.number(),
  fromStatus: txnStatusSchema.nullable(),
  toStatus: txnStatusSchema,
  source: z.enum(EVENT_SOURCES),
  providerReply: z.string().nullable(),
  note: z.string().nullable(),
});

/** raised: the provider owes the shop; refunded: the money came back; closed: the window ended, unchanged. */
export const COMPLAINT_STATES = ['raised', 'refunded', 'closed'] as const;

export const complaintSchema = z.object({
  complainId: z.string(),
  refId,
  txnId: z.string(),
  reason: z.string(),
  message: z.string(),
  createdAt: z.number(),
  state: z.enum(COMPLAINT_STATES),
  settledAt: z.number().nullable(),
});

export const balanceSchema = z.object({
  buyer: paise,
  seller: paise.nullable(),
  lien: paise.nullable(),
  at: z.number(),
  source: z.enum(['balance', 'reply', 'callback']),
});

export const cursorSchema = z.strictObject({ createdAt: z.number().int(), id: z.number().int() });

export const historyRequestSchema = z.strictObject({
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  statuses: z.array(txnStatusSchema).max(TXN_STATUSES.length).optional(),
  operator: z.string().max(16).optional(),
  search: z.string().max(64).optional(),
  before: cursorSchema.optional(),
  limit: z.number().int().min(1).max(500).default(50),
});

/** The largest page of open transactions one `txn:open` reply carries. */
export const OPEN_PAGE_MAX = 500;

export const openRequestSchema = z.strictObject({
  before: cursorSchema.optional(),
  limit: z.number().int().min(1).max(OPEN_PAGE_MAX).default(OPEN_PAGE_MAX),
});

export const submitRequestSchema = z.strictObject({
  number: z.string().min(1).max(32),
  operator: z.string().min(1).max(16),
  amount: z.number().int().positive().max(1_000_000),
  /** The shopkeeper has seen the duplicate warning and confirmed this is a second recharge. */
  confirmDuplicate: z.boolean().default(false),
  /** The shopkeeper has read which earlier recharge to this number is still open and sends anyway. */
  confirmOpen: z.boolean().default(false),
  /** The shopkeeper has read that this mobile-shaped number goes to a DTH operator, and sends anyway. */
  confirmMobileOnDth: z.boolean().default(false),
  /** The shopkeeper has read that this credit takes the shop's due above the customer's limit, and sends on credit anyway. */
  confirmOverLimit: z.boolean().default(false),
  /** How the customer pays; cash unless the shopkeeper chose otherwise on the confirmation. */
  payment: paymentRequestSchema.default({ method: 'cash' }),
  /** The account the shopkeeper picked on the confirmation (issue 29); absent: the route's first. */
  accountId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,23}$/)
    .optional(),
});

export const SUBMIT_OUTCOMES = ['success', 'pending', 'failure', 'unknown', 'rejected', 'not_sent', 'refunded'] as const;
