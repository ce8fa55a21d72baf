import { istDate } from '../ist-date';
import type { TxnStatus } from '../status';
import { customerGotNothing } from './status-money';

/**
 * What a money entry must satisfy, whoever writes it: the counter's own action (a khata payment, a
 * correction, a give-back), a journal line replayed by a restore, or a peer's row. Each rule is a
 * pure function of the facts at that moment (read by the caller from the ledger as it stands) and
 * answers with the refusal's name, or null. Modelled on TigerBeetle's state machine, where a
 * transfer id replayed with another amount is refused as `exists_with_different_amount`: a
 * refusal is named, never applied, and never a silent skip.
 *
 * A new kind of entry (a changed answer's "collected", "put back on the due") joins by adding its
 * name to the lists below and, if it needs one, a rule of its own here.
 */
export const MONEY_ENTRY_REFUSALS = [
  /** A payment when nothing is owed. */
  'nothing_due',
  /** A payment of more than is owed at that moment. */
  'above_due',
  /** A correction naming an entry (or a sale's credit) that is not there, not this customer's, or not one a correction may name. */
  'no_such_entry',
  /** A correction that moves nothing. */
  'correction_same',
  /** A correction that would leave the line it names below nothing (a payment turned into a debt). */
  'correction_below_zero',
  /** An entry that follows a sale naming a sale that is not in the ledger. */
  'no_such_sale',
  /** A give-back, kept-as-credit or credit reversal for a sale whose money did not come back. */
  'money_not_back',
  /** Dated before the ledger's first day or after now (beyond a small clock allowance). */
  'date_outside',
  /** An entry id (or a sale's once-only entry) already recorded with other content. */
  'exists_with_different_content',
] as const;
export type MoneyEntryRefusal = (typeof MONEY_ENTRY_REFUSALS)[number];

/** A payment towards the due: never when nothing is owed, never more than is owed at that moment. */
export function paymentFault(amount: number, due: number): 'nothing_due' | 'above_due' | null {
  if (due <= 0) return 'nothing_due';
  return amount > due ? 'above_due' : null;
}

/** The lines of a statement a correction may name: a sale's credit (by its ref), or these entries (by id). */
export const CORRECTABLE_KINDS: readonly string[] = ['sale', 'credit_payment', 'credit_reversed', 'kept_as_credit'];

/** A statement line as written: whose it is, what kind, and its move of the due (sale credit up, a payment down). */
export interface StatementLineFacts {
  number: string;
  kind: string;
  move: number;
}

/**
 * A correction of `amount` (signed, in the due's direction) of `line` for `number`, after the
 * corrections already naming that line (`correctedBy`): it must name a line of this customer's
 * that a correction may name, move something, and leave the line at nothing or more in its own
 * direction (the counter asks for what the line should have been, never less than nothing).
 */
export function correctionFault(c: {
  number: string;
  amount: number;
  line: StatementLineFacts | null | undefined;
  correctedBy: number;
}): 'no_such_entry' | 'correction_same' | 'correction_below_zero' | null {
  const { line } = c;
  if (!line || line.number !== c.number || !CORRECTABLE_KINDS.includes(line.kind) || line.move === 0) return 'no_such_entry';
  if (c.amount === 0) return 'correction_same';
  return Math.sign(line.move) * (line.move + c.correctedBy + c.amount) < 0 ? 'correction_below_zero' : null;
}

/** Entries that say the sale ended without a recharge for the customer (money back, or never paid): allowed only when it did. */
export const MONEY_BACK_KINDS: readonly string[] = ['credit_reversed', 'given_back', 'kept_as_credit', 'not_paid', 'split_not_paid'];

/**
 * A sale's money came back only when the sale is over and the customer got nothing from it: every
 * attempt of the sale (the final one included) is in a status the money law reads as nothing. An
 * attempt that went, or is still held, means the money did not come back (yet).
 */
export function moneyBackFault(attempts: readonly TxnStatus[]): 'no_such_sale' | 'money_not_back' | null {
  if (attempts.length === 0) return 'no_such_sale';
  return attempts.every(customerGotNothing) ? null : 'money_not_back';
}

/**
 * The same rule for attempts known only as they stand now (another counter's rows, issue 37): a
 * Success the status check made of a Failure (a changed answer) was a failure when the money came
 * back, and the fix that follows it is a correction of its own.
 */
export function moneyBackFaultNow(
  attempts: readonly { status: TxnStatus; changedByCheck: boolean }[],
): 'no_such_sale' | 'money_not_back' | null {
  return moneyBackFault(attempts.map((a) => (a.changedByCheck && a.status === 'Success' ? 'Failure' : a.status)));
}

/** How far a line may be dated past the restore's own clock: two PCs' clocks disagree a little. */
export const CLOCK_ALLOWANCE_MS = 60 * 60 * 1000;

/** The days a replayed line may be dated: from the ledger's first day (or the snapshot's, for an empty one) to now. */
export interface ReplaySpan {
  /** India-time date of the ledger's first record, or of the snapshot when it has none. */
  firstDay: string;
  /** The latest instant a line may carry: the restore's now and the clock allowance. */
  until: number;
}

export function replaySpan(firstRecord: number | null, snapshotAt: number, now: number): ReplaySpan {
  return { firstDay: istDate(Math.min(firstRecord ?? snapshotAt, snapshotAt)), until: now + CLOCK_ALLOWANCE_MS };
}

/** A line dated (instant `at`, India-time `date`) outside the span was not written by this ledger's counter. */
export function dateFault(at: number, date: string, span: ReplaySpan): 'date_outside' | null {
  const last = istDate(span.until);
  const day = istDate(at);
  return day < span.firstDay || at > span.until || date < span.firstDay || date > last ? 'date_outside' : null;
}

/**
 * Each entry once, by its own id: the same id with the same content is the entry itself (a
 * replay of it changes nothing: 'already'); the same id with other content is refused by name.
 * Content is every field but the id; `kept` is what the ledger holds under that id, if anything.
 */
export function sameIdFault<T extends object>(kept: T | null, line: T): 'already' | 'exists_with_different_content' | null {
  if (kept === null) return null;
  const keys = Object.keys(line).filter((k) => k !== 'id') as (keyof T)[];
  return keys.every((k) => kept[k] === line[k]) ? 'already' : 'exists_with_different_content';
}
