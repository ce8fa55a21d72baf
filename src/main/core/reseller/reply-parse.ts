import * as z from 'zod';
import { parseAmountToPaise } from '../../../shared/money';
import { parseProviderStatus } from '../../../shared/status';
import type { ProviderFields } from '../txn/provider-fields';

/**
 * Provider replies are read leniently: any field may be missing, a string, a number or null,
 * and unknown fields are kept out. What matters is pulled out and typed; the rest is ignored.
 */
const loose = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();
const replySchema = z.looseObject({
  status: loose,
  message: loose,
  msg: loose,
  errorcode: loose,
  error_code: loose,
  number: loose,
  amount: loose,
  operator: loose,
  ref_id: loose,
  txn_id: loose,
  opt_id: loose,
  margin_amount: loose,
  balance: loose,
  buyerBalance: loose,
  sellerBalance: loose,
  lienBalance: loose,
  complain_id: loose,
  duplicate: loose,
});
type RawReply = z.infer<typeof replySchema>;

/** Longer than any real identifier or status word. */
const MAX_FIELD_CHARS = 1000;
/**
 * The provider's own words are kept whole in the ledger (support reads them; the screen cuts them
 * for display), up to a bound far past any real message: the body itself is capped at 256 KB.
 */
const MAX_MESSAGE_CHARS = 32_000;

/** A field as text: control characters out (they are never content), capped, no half surrogate at the cut. */
const text = (v: unknown, max = MAX_FIELD_CHARS): string => {
  const s = (v === undefined || v === null ? '' : String(v)).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return s.length > max ? s.slice(0, max).replace(/[\ud800-\udbff]$/, '') : s;
};

/** Parses a body whatever its content type: JSON object, or null when it is not one. */
export function parseReplyBody(body: string): ProviderFields | null {
  let json: unknown;
  try {
    json = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const parsed = replySchema.safeParse(json);
  if (!parsed.success) return null;
  return fields(parsed.data);
}

function fields(r: RawReply): ProviderFields {
  const errorCode = text(r.errorcode) || text(r.error_code);
  return {
    status: parseProviderStatus(r.status === undefined || r.status === null ? r.status : text(r.status)),
    message: text(r.message, MAX_MESSAGE_CHARS) || text(r.msg, MAX_MESSAGE_CHARS),
    errorCode: errorCode || null,
    number: text(r.number),
    amount: parseAmountToPaise(r.amount),
    operator: text(r.operator).toUpperCase(),
    refId: text(r.ref_id),
    txnId: text(r.txn_id),
    optId: text(r.opt_id),
    margin: parseAmountToPaise(r.margin_amount),
    balance: parseAmountToPaise(r.balance),
    buyerBalance: parseAmountToPaise(r.buyerBalance),
    sellerBalance: parseAmountToPaise(r.sellerBalance),
    lienBalance: parseAmountToPaise(r.lienBalance),
    complainId: text(r.complain_id),
    duplicate: r.duplicate === true || text(r.duplicate).toLowerCase() === 'true',
  };
}

/**
 * A reply that rejects the request itself: `Error` in a 200 body (the document) or `FAILURE` with
 * an error code (field notes). A transaction `Failure` carries a txn_id and is not a rejection.
 */
export function isRejection(f: ProviderFields): boolean {
  if (f.status.status === 'Error') return true;
  return f.status.raw.trim().toUpperCase() === 'FAILURE' && f.errorCode !== null && f.txnId === '';
}
