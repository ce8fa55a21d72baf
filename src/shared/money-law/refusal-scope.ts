/**
 * What a refusal is about (issue 35 item 3). Most refuse our request itself (no funds, a bad
 * number, bad credentials): nothing was carried out, and the sale may go to another account. Two
 * are about another request, in the document's numbering (profiles translate theirs):
 *
 * - 109, or a reply marked `duplicate`: our reference was used already, so a recharge with it
 *   exists at the provider. Not a refusal at all: unknown, the status check finds it.
 * - 110: the same number and amount were recharged recently, by a request that is not this one (a
 *   second counter on the account, or a sale already made). This request was refused, but the
 *   customer may have been recharged: proof of nothing for the sale, so it never goes to another
 *   account on it. The field notes give it; the document does not say it is safe.
 */
export type RefusalScope = 'ours' | 'another_request' | 'our_ref_used';

const OUR_REF_USED = new Set(['109']);
const ANOTHER_REQUEST = new Set(['110']);

export function refusalScope(code: string | null, duplicate = false): RefusalScope {
  if (duplicate || OUR_REF_USED.has(code ?? '')) return 'our_ref_used';
  return ANOTHER_REQUEST.has(code ?? '') ? 'another_request' : 'ours';
}
