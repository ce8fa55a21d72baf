import { findOperator, isMobileNumber, withoutMobilePrefix } from '../operators';

/**
 * A reply is about our request, or it is unknown (issue 35 item 3). Every kind of answer (the
 * recharge reply, a status check, a callback), refusals included, is held against what we sent:
 * our reference where the reply echoes one, and the number, the amount and the operator where it
 * names them. A reply that names another of any of these is not this sale's answer, whatever it
 * says: neither a success, nor a failure, nor a refusal; the status check decides.
 */

/** What we sent. Only the reference is always known; a reader without the rest compares what it has. */
export interface SentRequest {
  readonly refId: string;
  readonly number?: string;
  /** Paise. */
  readonly amount?: number;
  /** Our operator code (operators.ts). */
  readonly operator?: string;
  /** The provider's code for it, as the profile sent it; null when the profile names none. */
  readonly operatorCode?: string | null;
}

/** What an answer names, as read: '' or null where it does not carry the fact. */
export interface NamedFacts {
  readonly refId: string;
  readonly number: string;
  /** Paise. */
  readonly amount: number | null;
  readonly operator: string;
}

export type MismatchField = 'ref' | 'number' | 'amount' | 'operator';

/** One fact the answer names otherwise than we sent it; amounts in paise, as text. */
export interface ReplyMismatch {
  readonly field: MismatchField;
  readonly sent: string;
  readonly said: string;
}

/** A mobile number echoed with its country code or trunk 0, spaces or dashes, is the same number. */
function sameNumber(sent: string, said: string): boolean {
  const plain = said.replace(/[\s()+-]/g, '');
  return plain === sent || (isMobileNumber(sent) && withoutMobilePrefix(plain) === sent);
}

/**
 * The provider's code for our operator, or our own code, names our operator; the document's code
 * of another operator (section 2.4) names that one, even when a profile maps ours to it: a
 * profile with two codes swapped sends a Jio sale as `AT`, and a reply of `AT` is Airtel's.
 */
function sameOperator(sent: SentRequest, said: string): boolean {
  const code = said.toUpperCase();
  const documents = findOperator(code);
  if (documents && documents.code !== sent.operator) return false;
  return code === sent.operator || code === sent.operatorCode?.toUpperCase();
}

/** Every fact the answer names otherwise than we sent it; empty when it is about our request. */
export function replyMismatches(sent: SentRequest, said: NamedFacts): ReplyMismatch[] {
  const out: ReplyMismatch[] = [];
  if (said.refId !== '' && said.refId !== sent.refId) out.push({ field: 'ref', sent: sent.refId, said: said.refId });
  if (sent.number !== undefined && said.number !== '' && !sameNumber(sent.number, said.number))
    out.push({ field: 'number', sent: sent.number, said: said.number });
  if (sent.amount !== undefined && said.amount !== null && said.amount !== sent.amount)
    out.push({ field: 'amount', sent: String(sent.amount), said: String(said.amount) });
  if (sent.operator !== undefined && said.operator !== '' && !sameOperator(sent, said.operator))
    out.push({ field: 'operator', sent: sent.operatorCode ?? sent.operator, said: said.operator });
  return out;
}
