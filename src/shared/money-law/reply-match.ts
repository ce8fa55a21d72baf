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
  /** The profile's codes, ours to the provider's: how the reply's operator is read back. */
  readonly operatorCodes?: Readonly<Partial<Record<string, string>>>;
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
 * Which of our operators a reply's operator names: the document's code (section 2.4) first, even
 * where a profile maps another operator to it (a profile with two codes swapped sends a Jio sale
 * as `AT`, and a reply of `AT` is Airtel's); then the profile's own codes. A word that is neither
 * (a name, a code no table knows) names none we can tell, and is not held against the reply.
 */
function operatorNamed(said: string, codes: Readonly<Partial<Record<string, string>>> = {}): string | undefined {
  const code = said.toUpperCase();
  return findOperator(code)?.code ?? Object.entries(codes).find(([, theirs]) => theirs?.toUpperCase() === code)?.[0];
}

/** Every fact the answer names otherwise than we sent it; empty when it is about our request. */
export function replyMismatches(sent: SentRequest, said: NamedFacts): ReplyMismatch[] {
  const out: ReplyMismatch[] = [];
  if (said.refId !== '' && said.refId !== sent.refId) out.push({ field: 'ref', sent: sent.refId, said: said.refId });
  if (sent.number !== undefined && said.number !== '' && !sameNumber(sent.number, said.number))
    out.push({ field: 'number', sent: sent.number, said: said.number });
  if (sent.amount !== undefined && said.amount !== null && said.amount !== sent.amount)
    out.push({ field: 'amount', sent: String(sent.amount), said: String(said.amount) });
  const named = sent.operator === undefined || said.operator === '' ? undefined : operatorNamed(said.operator, sent.operatorCodes);
  if (sent.operator !== undefined && named !== undefined && named !== sent.operator)
    out.push({ field: 'operator', sent: sent.operatorCodes?.[sent.operator] ?? sent.operator, said: said.operator });
  return out;
}
