import { CUSTOMER_TEXT_MAX, customerTextProblem, type CustomerTextField } from '../../../shared/customer-text';
import type { OutcomeOf, OutcomeParams } from '../../../shared/outcomes/outcome-registry';

export type CustomerTextNotice = OutcomeOf<'customer_text_dropped'>;
type Refusal = OutcomeParams<'customer_text_refused'>;

/** Where each text customers read sits in the settings (and in a settings patch): section, key. */
const PLACES: readonly (readonly [CustomerTextField, string, string])[] = [
  ['shopName', 'shop', 'name'],
  ['shopAddress', 'shop', 'address'],
  ['upiPayee', 'upi', 'payee'],
];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function textAt(value: unknown, section: string, key: string): string | null {
  const part = isRecord(value) ? value[section] : null;
  const text = isRecord(part) ? part[key] : null;
  return typeof text === 'string' ? text : null;
}

function refusalsIn(value: unknown): Refusal[] {
  return PLACES.flatMap(([field, section, key]) => {
    const text = textAt(value, section, key);
    const problem = text === null ? null : customerTextProblem(field, text.trim());
    return problem ? [{ field, problem, max: CUSTOMER_TEXT_MAX[field] }] : [];
  });
}

/** The first text in a settings patch that customers would read wrongly, or null. */
export function customerTextRefusal(patch: unknown): Refusal | null {
  return refusalsIn(patch)[0] ?? null;
}

/**
 * A settings file (hand-edited, restored, from another PC) is input too: each refused text is left
 * empty, never cleaned into something the owner did not type, and told.
 */
export function withoutRefusedTexts(raw: unknown): { value: unknown; notices: CustomerTextNotice[] } {
  const refusals = refusalsIn(raw);
  if (!isRecord(raw) || refusals.length === 0) return { value: raw, notices: [] };
  const value: Record<string, unknown> = { ...raw };
  for (const r of refusals) {
    const [, section, key] = PLACES.find(([field]) => field === r.field) ?? [];
    const part = section ? value[section] : null;
    if (section && key && isRecord(part)) value[section] = { ...part, [key]: '' };
  }
  return { value, notices: refusals.map((params) => ({ code: 'customer_text_dropped', params })) };
}
