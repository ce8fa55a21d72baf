import type { Profile } from './profile-v2';
import type { CallValues } from './profile-engine';
import { kindOf } from './call-variant';
import { formatDate } from './request-builder';

/**
 * Every placeholder's value for one request: the credentials by their declared names, the facts
 * (FACTS_OF), `op.x` from the operator's entry and `shop.x` from the shop's values. Which of them a
 * call may name was checked when the profile was read.
 */
export function requestValues(
  profile: Profile,
  operators: Readonly<Partial<Record<string, string>>>,
  v: CallValues,
): Record<string, string> {
  const entry = v.operator === undefined ? undefined : profile.operators[v.operator];
  const opValues = entry === undefined || typeof entry === 'string' ? {} : entry.values;
  const date = (d: string | undefined) => (d === undefined ? '' : formatDate(d, profile.dateFormat));
  const amount = v.amountRupees;
  return {
    ...Object.fromEntries(Object.entries(opValues).map(([k, value]) => [`op.${k}`, value])),
    // The shop's own choice, else the document's first (its default): never an empty required value.
    ...Object.fromEntries(profile.shopValues.map((s) => [`shop.${s.name}`, v.shop?.[s.name] ?? s.choices[0]!.value])),
    ...v.credentials,
    number: v.number ?? '',
    amount: amount === undefined ? '' : String(amount),
    amount_paise: amount === undefined ? '' : String(amount * 100),
    operator: v.operator === undefined ? '' : (operators[v.operator] ?? v.operator),
    kind: kindOf(v) ?? '',
    ref: v.ref ?? '',
    date: date(v.date),
    recharge_date: date(v.rechargeDate ?? v.date),
    txn_id: v.txnId ?? '',
    reason: v.reason ?? '',
    timestamp: String(Math.floor((v.now ?? Date.now()) / 1000)),
  };
}
