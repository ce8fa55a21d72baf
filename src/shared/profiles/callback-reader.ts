import type { CallbackSpec, ReplyField, RuleMeaning } from './profile-schema';
import type { RawFields } from './reply-reader';
import type { CompiledRules } from './status-rules';
import type { NamedFacts } from '../money-law/reply-match';
import { providerFields } from './reply-fields';

/** The document's callback (section 6.2), for a profile that does not describe its own. */
export const DOCUMENT_CALLBACK: CallbackSpec = {
  fields: {
    refId: ['refId'],
    status: ['status'],
    txnId: ['txnId'],
    number: ['number'],
    amount: ['amount'],
    optId: ['operatorId'],
    operator: ['operatorCode'],
    balance: ['balance'],
    margin: ['margin_amount'],
  },
  rules: [],
};

export interface ReadCallback {
  /** Our reference: the one thing a callback is trusted with, as a hint of which recharge to check. */
  readonly refId: string;
  readonly status: string;
  /** What the profile's callback rules make of it, for the log; the status check decides. */
  readonly meaning: RuleMeaning | null;
  /** What it names, held against the recharge its reference is ours for (money-law/reply-match). */
  readonly named: NamedFacts;
}

const MAX_REF = 64;

/** A callback's parameters as reply fields: the first of a field's names that is present wins. */
export function callbackFields(spec: CallbackSpec, params: Readonly<Record<string, string>>): RawFields {
  const raw: RawFields = {};
  for (const [field, names] of Object.entries(spec.fields) as [ReplyField, readonly string[]][]) {
    const name = names.find((n) => Object.hasOwn(params, n));
    if (name !== undefined) raw[field] = (params[name] ?? '').trim();
  }
  return raw;
}

/** A callback's parameters in the profile's words; null when it names no reference of ours. */
export function readCallback(
  spec: CallbackSpec,
  rules: CompiledRules,
  params: Readonly<Record<string, string>>,
  amounts: 'rupees' | 'paise' = 'rupees',
): ReadCallback | null {
  const raw = callbackFields(spec, params);
  const refId = typeof raw.refId === 'string' ? raw.refId : '';
  if (refId === '' || refId.length > MAX_REF) return null;
  const meaning = rules.meaning(raw);
  const { number, amount, operator } = providerFields(raw, meaning, amounts);
  return { refId, status: String(raw.status ?? '').slice(0, 40), meaning, named: { refId, number, amount, operator } };
}
