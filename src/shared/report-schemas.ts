import * as z from 'zod';
import { isIsoDate } from './ist-date';
import { TXN_STATUSES } from './status';
import { MAX_WALLET_READINGS } from './field-limits';
import { methodTotalSchema } from './payment/payment';

/** The longest range one report covers: a year and a day, so "this date last year" still fits. */
export const MAX_REPORT_DAYS = 366;
export { MAX_WALLET_READINGS };

const isoDate = z.string().refine(isIsoDate, { error: 'Use a date like 2026-11-23.' });

/** India-time calendar days, both ends included. The order and length are checked by the service. */
export const reportRangeSchema = z.strictObject({ from: isoDate, to: isoDate });

const countAmount = { count: z.number().int(), amount: z.number().int() };

/**
 * One provider account's part of a range (issue 29): every attempt sent to it, what went through
 * and earned, what came back, what failed, what waits. A failed-over sale is an attempt at each.
 */
export const accountFiguresSchema = z.object({
  account: z.string().max(40),
  /** The name the owner gave it (the id when the rules no longer name it). */
  name: z.string().max(40),
  ...countAmount,
  success: z.object(countAmount),
  /** Commission on its successful recharges (paise). */
  margin: z.number().int(),
  refunded: z.object(countAmount),
  failed: z.object(countAmount),
  open: z.object(countAmount),
  /** Of its attempts whose fate is known, the share that failed (0–1); null when none is known yet. */
  failureRate: z.number().min(0).max(1).nullable(),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    ...countAmount,
    success: z.object(countAmount),
    /** Commission the provider reported on successful recharges (paise); null when none did. */
    margin: z.number().int().nullable(),
    refunded: z.object(countAmount),
    /** Failed at the provider or refused before sending. */
    failed: z.object(countAmount),
    /** Still being checked: the money's fate is not known yet. */
    open: z.object(countAmount),
  }),
  byStatus: z.array(z.object({ status: z.enum(TXN_STATUSES), ...countAmount })),
  byOperator: z.array(
    z.object({
      operator: z.string(),
      ...countAmount,
      successCount: z.number().int(),
      successAmount: z.number().int(),
      margin: z.number().int(),
    }),
  ),
  /** Every day of the range, including days with nothing, so a chart has no gaps. */
  daily: z.array(z.object({ date: z.string(), count: z.number().int(), successAmount: z.number().int(), margin: z.number().int() })),
  /**
   * Successful recharges by how the customer paid (issue 30), each part in paise; recharges made
   * before payments were kept are not here.
   */
  payments: z.array(methodTotalSchema).default([]),
  /** Groups of the day book that did not make sense (a damaged or edited row): left out of these totals. */
  unreadable: z.number().int().default(0),
  /** Per provider account, when the shop has more than one (issue 29); empty with one account. */
  byAccount: z.array(accountFiguresSchema).default([]),
});

export const walletStatementSchema = z.object({
  /** The last reading before the range, to start from; null when there is none. */
  opening: z.object({ at: z.number(), buyer: z.number().int() }).nullable(),
  readings: z.array(
    z.object({
      at: z.number(),
      buyer: z.number().int(),
      source: z.enum(['balance', 'reply', 'callback']),
      /** Change from the reading before it (paise); null for the first reading ever. */
      change: z.number().int().nullable(),
      /** Recharges sent since the reading before: what explains a drop. */
      sent: z.object(countAmount),
    }),
  ),
  /** More readings than one statement shows: the newest are shown, narrow the dates for the rest. */
  truncated: z.boolean(),
});

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type Report = z.infer<typeof reportSchema>;
export type ReportRange = z.infer<typeof reportRangeSchema>;
export type WalletStatement = z.infer<typeof walletStatementSchema>;
