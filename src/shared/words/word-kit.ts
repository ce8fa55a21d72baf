import type { OutcomeCode, OutcomeParams, OutcomeTxn } from '../outcomes/outcome-registry';
import type { IdShape } from '../operators';
import { findOperator } from '../operators';
import { groupForReading } from '../subscriber-number';
import { formatDate, formatMoney, formatTime } from '../format';
import type { Language } from '../language';

/** The formatters every text is written with: one per language, all India time, 12-hour clock. */
export interface Fmt {
  money(paise: number): string;
  /** Whole rupees typed at the counter (limits), shown with the symbol. */
  rupees(rupees: number): string;
  time(at: number): string;
  date(at: number): string;
  /** A day as the ledger keeps it (YYYY-MM-DD), read day/month/year in both languages. */
  day(isoDate: string): string;
  operator(code: string): string;
  /** A number or ID grouped for reading aloud (98765 43210). */
  number(digits: string): string;
}

export function fmtFor(lang: Language): Fmt {
  return {
    money: (p) => formatMoney(p, lang),
    rupees: (r) => formatMoney(r * 100, lang, { wholeRupees: true }),
    time: (at) => formatTime(at, lang),
    date: (at) => formatDate(at, lang),
    day: (iso) => {
      const [y, m, d] = iso.split('-');
      return y && m && d ? `${d}/${m}/${y}` : iso;
    },
    operator: (code) => findOperator(code)?.name ?? code,
    number: (digits) => groupForReading(digits),
  };
}

/** A catalogue: one function per outcome code, so a code without words does not compile. */
export type OutcomeWords = { readonly [C in OutcomeCode]: (p: OutcomeParams<C>, f: Fmt) => string };

/** Whether an open recharge's money is still unconfirmed (no answer yet) or held (pending). */
export function isUnconfirmed(txn: OutcomeTxn): boolean {
  return txn.status === 'Unknown' || txn.status === 'Submitting';
}

/** "10", "10 or 11", "6 to 12": the count of an ID's digits, the joining word given per language. */
export function digitCount({ minDigits, maxDigits }: IdShape, or: string, to: string): string {
  if (minDigits === maxDigits) return `${minDigits}`;
  return maxDigits === minDigits + 1 ? `${minDigits} ${or} ${maxDigits}` : `${minDigits} ${to} ${maxDigits}`;
}

export function firstDigitList({ firstDigits }: IdShape, or: string): string {
  const digits = [...firstDigits];
  return digits.length <= 1 ? firstDigits : `${digits.slice(0, -1).join(', ')} ${or} ${digits.at(-1) ?? ''}`;
}

/** The labels of what a provider's reply named otherwise than the sale sent, per language. */
export interface SaidWords {
  readonly number: string;
  readonly amount: string;
  readonly operator: string;
  readonly ref: string;
}

/**
 * What a reply named otherwise (success_not_ours), each fact with its label: the provider's own
 * operator code in quotes, with the operator's name when it is a code of the document's table.
 */
export function saidOtherwise({ said }: OutcomeParams<'success_not_ours'>, f: Fmt, w: SaidWords): string {
  const parts: string[] = [];
  if (said.number !== undefined) parts.push(`${w.number} ${f.number(said.number)}`);
  if (said.amount !== undefined) parts.push(`${w.amount} ${f.money(said.amount)}`);
  if (said.operator !== undefined) {
    const name = findOperator(said.operator)?.name;
    parts.push(`${w.operator} ${name ? `${name} ` : ''}“${said.operator}”`);
  }
  if (said.refId !== undefined) parts.push(`${w.ref} ${said.refId}`);
  return parts.join(', ');
}
