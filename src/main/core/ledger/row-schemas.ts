import * as z from 'zod';
import { ANSWER_FIXES } from '../../../shared/money-law/changed-answer-money';
import { TXN_STATUSES } from '../../../shared/status';
import { MONEY_ENTRY_KINDS } from '../../../shared/payment/payment';
import { PAYMENT_METHODS } from '../../../shared/payment/payment-parts';
import { EVENT_SOURCES, MONEY_NOTES, COMPLAINT_STATES } from '../../../shared/ipc/txn-schemas';
import { accountIdSchema } from '../../../shared/routing/routing-schema';
import { MAX_ATTEMPTS_CEILING } from '../../../shared/routing/routing-limits';
import { SALE_FLAG_KINDS } from '../../../shared/routing/sale-flags';
import { DONE_ACTIONS } from '../../../shared/done-actions';
import { ROLES } from '../../../shared/lock-schemas';

/**
 * What a row of a file the app did not just write itself (a backup, a move file, a damaged
 * ledger being salvaged) must look like before it enters a fresh ledger: the columns of our own
 * schema, each parsed. A row that does not parse is quarantined, never written.
 */

// Control characters and the bidirectional overrides that make text print differently from how it reads.
const CONTROL = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;
const TEXT_MAX = 4000;
/** Any time the ledger keeps, before 2100 (UTC ms). */
const time = z.number().int().min(0).max(4_102_444_800_000);
const count = z.number().int().min(0).max(1_000_000_000);
/** Paise, either sign (a balance, a margin), well inside a safe integer. */
const paise = z.number().int().min(-1e13).max(1e13);
/** A recharge's amount in paise, up to ₹10 lakh (a submit takes far less). */
const amount = z.number().int().min(1).max(100_000_000);
const text = (max = TEXT_MAX) =>
  z
    .string()
    .max(max)
    .transform((s) => s.replace(CONTROL, ''));
/** Our ref_ids and the older test ones: upper-case letters and digits. */
export const refIdShape = z.string().regex(/^[0-9A-Z]{4,32}$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const status = z.enum(TXN_STATUSES);
const flag = z.union([z.literal(0), z.literal(1)]);

type Columns = Record<string, z.ZodType>;

const TABLES: Record<string, Columns> = {
  txns: {
    id: z.number().int().positive(),
    ref_id: refIdShape,
    number: z.string().regex(/^[0-9A-Za-z]{1,32}$/),
    operator: z.string().regex(/^[0-9A-Za-z_]{1,16}$/),
    amount,
    status,
    provider_status: text(64).nullable(),
    txn_id: text(128).nullable(),
    opt_id: text(128).nullable(),
    margin: paise.nullable(),
    balance_after: paise.nullable(),
    message: text(),
    recharge_date: date,
    created_at: time,
    updated_at: time,
    next_check_at: time.nullable(),
    attempts: count,
    last_error: text().nullable(),
    answer_sent_at: time.nullable(),
    not_sent: flag,
    not_found: count,
    money_note: z.enum(MONEY_NOTES).nullable(),
    /** The provider profile it was sent with (migration 10): an id and a version, or '' (the document's). */
    profile: z.string().regex(/^(?:[a-z0-9][a-z0-9-]{0,39}@\d{1,7})?$/),
    /** Migration 11 (issue 29): the account it was sent to, its sale, which attempt, why it went there. */
    account_id: accountIdSchema,
    sale_id: refIdShape.nullable(),
    attempt_no: z.number().int().min(1).max(MAX_ATTEMPTS_CEILING),
    route_json: z.string().max(4000).nullable(),
    failure_confirmed: flag,
    not_processed: flag,
  },
  txn_events: {
    id: z.number().int().positive(),
    ref_id: refIdShape,
    at: time,
    from_status: status.nullable(),
    to_status: status,
    source: z.enum(EVENT_SOURCES),
    provider_reply: text(16_000).nullable(),
    note: text().nullable(),
  },
  complaints: {
    complain_id: text(128).pipe(z.string().min(1)),
    ref_id: refIdShape,
    txn_id: text(128),
    reason: text(),
    message: text(),
    created_at: time,
    state: z.enum(COMPLAINT_STATES),
    settled_at: time.nullable(),
  },
  balance_snapshots: {
    id: z.number().int().positive(),
    at: time,
    buyer: paise,
    seller: paise.nullable(),
    lien: paise.nullable(),
    source: z.enum(['balance', 'reply', 'callback']),
  },
  sales: {
    id: z.number().int().positive(),
    ref_id: refIdShape,
    sale_ref: z
      .string()
      .regex(/^[0-9A-Z]{8,20}$/)
      .nullable(),
    number: z.string().regex(/^[0-9A-Za-z]{1,32}$/),
    method: z.enum(PAYMENT_METHODS),
    cash: z.number().int().min(0).max(100_000_000),
    upi: z.number().int().min(0).max(100_000_000),
    credit: z.number().int().min(0).max(100_000_000),
    sale_date: date,
    created_at: time,
  },
  money_entries: {
    id: z.number().int().positive(),
    kind: z.enum(MONEY_ENTRY_KINDS),
    ref_id: refIdShape.nullable(),
    number: z
      .string()
      .regex(/^[0-9A-Za-z]{1,32}$/)
      .nullable(),
    method: z.enum(['cash', 'upi']).nullable(),
    amount: paise,
    corrects: z.number().int().positive().nullable(),
    entry_date: date,
    at: time,
  },
  sale_flags: {
    id: z.number().int().positive(),
    sale_id: refIdShape,
    kind: z.enum(SALE_FLAG_KINDS),
    first_ref: refIdShape,
    second_ref: refIdShape,
    at: time,
    seen_at: time.nullable(),
  },
  answer_changes: {
    id: z.number().int().positive(),
    ref_id: refIdShape,
    sale_id: refIdShape,
    from_status: z.enum(['Failure', 'Error']),
    from_word: z.string().max(200).nullable(),
    from_at: time,
    to_status: z.literal('Success'),
    to_word: z.string().max(200).nullable(),
    to_at: time,
  },
  done_by: {
    id: z.number().int().positive(),
    action: z.enum(DONE_ACTIONS),
    ref: text(200).pipe(z.string().min(1)),
    day: date,
    at: time,
    person_id: z.number().int().min(0).nullable(),
    person_name: text(200),
    role: z.enum(ROLES),
  },
  answer_change_fixes: {
    id: z.number().int().positive(),
    sale_id: refIdShape,
    choice: z.enum(ANSWER_FIXES),
    amount: paise,
    at: time,
  },
};

/** Columns of tables without a schema above, parsed by their declared type in our migrations. */
function byDeclaredType(type: string, notNull: boolean): z.ZodType {
  const base = /INT/i.test(type) ? z.number().int().min(-1e15).max(1e15) : text();
  return notNull ? base : base.nullable();
}

export interface ColumnInfo {
  readonly name: string;
  readonly type: string;
  readonly notnull: number;
}

/** The schema one row of `table` must pass, for the columns read from the file. */
export function rowSchema(table: string, columns: readonly ColumnInfo[]): z.ZodType<Record<string, unknown>> {
  const known = TABLES[table] ?? {};
  const shape: Columns = {};
  for (const c of columns) shape[c.name] = known[c.name] ?? byDeclaredType(c.type, c.notnull === 1);
  return z.object(shape) as unknown as z.ZodType<Record<string, unknown>>;
}
