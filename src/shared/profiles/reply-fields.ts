import { paise, parseAmountToPaise, type Paise } from '../money';
import type { ParsedStatus } from '../status';
import type { ProviderFields } from '../provider-fields';
import type { RuleMeaning } from './profile-schema';
import type { RawFields } from './reply-reader';

/** Longer than any real identifier or status word. */
const MAX_FIELD_CHARS = 1000;
/**
 * The provider's own words are kept whole in the ledger (support reads them; the screen cuts them
 * for display), up to a bound far past any real message: the body itself is capped at 256 KB.
 */
const MAX_MESSAGE_CHARS = 32_000;

/** A field as text: control characters out (they are never content), capped, no half surrogate at the cut. */
function text(v: string | number | boolean | undefined, max = MAX_FIELD_CHARS): string {
  const s = (v === undefined ? '' : String(v)).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return s.length > max ? s.slice(0, max).replace(/[\ud800-\udbff]$/, '') : s;
}

function amountOf(v: string | number | boolean | undefined, unit: 'rupees' | 'paise'): Paise | null {
  if (unit === 'rupees') return parseAmountToPaise(v);
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^-?\d{1,15}$/.test(s) ? paise(Number(s)) : null;
}

/** A rule's meaning as the core's status word: `not_processed` is the document's Error. */
function statusOf(meaning: RuleMeaning | null): ParsedStatus['status'] {
  if (meaning === null || meaning === 'unknown') return 'Unknown';
  return meaning === 'not_processed' ? 'Error' : meaning;
}

/** The raw fields typed and in paise: the core's own view of a reply. */
export function providerFields(raw: RawFields, meaning: RuleMeaning | null, unit: 'rupees' | 'paise'): ProviderFields {
  const errorCode = text(raw.errorCode);
  return {
    status: { status: statusOf(meaning), raw: text(raw.status) },
    message: text(raw.message, MAX_MESSAGE_CHARS),
    errorCode: errorCode || null,
    number: text(raw.number),
    amount: amountOf(raw.amount, unit),
    operator: text(raw.operator).toUpperCase(),
    refId: text(raw.refId),
    txnId: text(raw.txnId),
    optId: text(raw.optId),
    margin: amountOf(raw.margin, unit),
    balance: amountOf(raw.balance, unit),
    buyerBalance: amountOf(raw.buyerBalance, unit),
    sellerBalance: amountOf(raw.sellerBalance, unit),
    lienBalance: amountOf(raw.lienBalance, unit),
    complainId: text(raw.complainId),
    duplicate: raw.duplicate === true || text(raw.duplicate).toLowerCase() === 'true',
  };
}
