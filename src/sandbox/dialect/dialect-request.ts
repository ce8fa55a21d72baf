import { CALLS, type CallName, type DateFormat } from '../../shared/profiles/profile-schema';
import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import { ANY_DATE, type Query } from '../engine';
import { operatorCodes } from '../../shared/profiles/profile-operators';

/** The document's endpoint each call is played by. */
export const ENDPOINT_OF: Record<CallName, string> = {
  recharge: 'recharge',
  status: 'statusByRefId',
  balance: 'balance',
  complaint: 'complain',
};

/** Placeholders as the document's parameter names. */
const DOCUMENT_NAME: Readonly<Record<string, string>> = {
  username: 'username',
  token: 'api_token',
  number: 'number',
  amount: 'amount',
  amount_paise: 'amount',
  operator: 'operator',
  ref: 'ref_id',
  date: 'recharge_date',
  txn_id: 'txn_id',
  reason: 'reason',
};

/** Back from the provider's date format to the document's YYYY-MM-DD ('' when it does not fit). */
function isoDate(text: string, format: DateFormat): string {
  const m =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)?.slice(1)
      : format === 'YYYYMMDD'
        ? /^(\d{4})(\d{2})(\d{2})$/.exec(text)?.slice(1)
        : format === 'MM/DD/YYYY'
          ? ((r) => r && [r[3], r[1], r[2]])(/^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text))
          : ((r) => r && [r[3], r[2], r[1]])(/^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text));
  return m ? m.join('-') : '';
}

/**
 * Which call a request is, in the profile's words: the path and method, every fixed parameter as
 * the profile has it, every placeholder parameter present. The most specific call wins (a status
 * check and a recharge may share one address, told apart by their parameters).
 */
export function canonicalRequest(
  engine: ProfileEngine,
  method: string,
  path: string,
  params: Readonly<Record<string, string>>,
): { endpoint: string; query: Query } | null {
  const { profile } = engine;
  let best: { call: CallName; size: number } | null = null;
  for (const call of CALLS) {
    const spec = profile.calls[call];
    if (!spec || spec.path !== path || spec.method !== method) continue;
    const fits = Object.entries(spec.params).every(([name, template]) =>
      template.includes('{') ? name in params : params[name] === template,
    );
    const size = Object.keys(spec.params).length;
    if (fits && (!best || size > best.size)) best = { call, size };
  }
  if (!best) return null;
  const operators = new Map(Object.entries(operatorCodes(profile)).map(([ours, theirs]) => [theirs, ours]));
  const query: Record<string, string> = {};
  for (const [name, template] of Object.entries(profile.calls[best.call]?.params ?? {})) {
    const placeholder = /^\{([a-z_]+)\}$/.exec(template)?.[1];
    const value = params[name];
    if (!placeholder || value === undefined) continue;
    const doc = DOCUMENT_NAME[placeholder];
    if (!doc) continue;
    if (placeholder === 'operator') query[doc] = operators.get(value) ?? value;
    else if (placeholder === 'date') query[doc] = isoDate(value, profile.dateFormat);
    else if (placeholder === 'amount_paise') query[doc] = /^\d+00$/.test(value) ? value.slice(0, -2) : value;
    else query[doc] = value;
  }
  if (best.call === 'status' && query['recharge_date'] === undefined) query['recharge_date'] = ANY_DATE;
  return { endpoint: ENDPOINT_OF[best.call], query };
}
