import { CALLS, type CallName, type CallSpec, type DateFormat, type Profile } from '../../shared/profiles/profile-schema';
import { resolveCall, variantIndex, type ResolvedCall } from '../../shared/profiles/call-variant';
import { hostOf } from '../../shared/profiles/call-host';
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

/** Facts' placeholders as the document's parameter names. */
const DOCUMENT_NAME: Readonly<Record<string, string>> = {
  number: 'number',
  amount: 'amount',
  amount_paise: 'amount',
  operator: 'operator',
  ref: 'ref_id',
  date: 'recharge_date',
  recharge_date: 'recharge_date',
  txn_id: 'txn_id',
  reason: 'reason',
};

/**
 * The document's account is a username and a token: a profile's first credential that is not
 * secret is the account's id, its first secret the token (version 1's `username` and `token` are
 * exactly that). A provider that knows an account by its token alone has no id: null.
 */
export function credentialRoles(profile: Profile): { username: string | null; token: string } {
  const id = profile.credentials.find((c) => !c.secret)?.name ?? null;
  return { username: id, token: profile.credentials.find((c) => c.secret)?.name ?? 'token' };
}

/** What a request carries besides its path: its parameters, its headers (lower-case names) and the host it came to. */
export interface WireRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** The profile's host the request came to; left out, the first. */
  readonly host?: string;
}

const placeholderOf = (template: string) => /^\{([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)?)\}$/.exec(template)?.[1];

/** Each placeholder a parameter, header or authorization carries whole, as the request has it. */
function saidValues(call: ResolvedCall, req: WireRequest): Record<string, string> {
  const said: Record<string, string> = {};
  const take = (template: string, value: string | undefined) => {
    const name = placeholderOf(template);
    if (name && value !== undefined) said[name] = value;
  };
  for (const [name, template] of Object.entries(call.params)) take(template, req.params[name]);
  for (const [name, template] of Object.entries(call.headers)) take(template, req.headers?.[name.toLowerCase()]);
  const authorization = req.headers?.['authorization'] ?? '';
  if (call.auth?.scheme === 'bearer') take(call.auth.token, /^Bearer (.*)$/.exec(authorization)?.[1]);
  if (call.auth?.scheme === 'basic') {
    const pair = Buffer.from(/^Basic (.*)$/.exec(authorization)?.[1] ?? '', 'base64').toString('utf8');
    const at = pair.indexOf(':');
    if (at >= 0) {
      take(call.auth.user, pair.slice(0, at));
      take(call.auth.password, pair.slice(at + 1));
    }
  }
  return said;
}

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
 * A request naming an operator came to the variant that operator's recharges use: a DTH recharge on
 * the mobile endpoint is not a call this provider has.
 */
function sentToItsVariant(engine: ProfileEngine, spec: CallSpec, call: ResolvedCall, req: WireRequest): boolean {
  const param = Object.entries(call.params).find(([, template]) => template === '{operator}')?.[0];
  const theirs = param === undefined ? undefined : req.params[param];
  if (theirs === undefined) return true;
  const ours = Object.entries(operatorCodes(engine.profile)).find(([, code]) => code === theirs)?.[0] ?? theirs;
  return variantIndex(spec, { operator: ours }) === call.variant;
}

/** A request as the document's endpoint and query, with the call and what it carried. */
export interface CanonicalRequest {
  readonly endpoint: string;
  readonly query: Query;
  readonly call: ResolvedCall;
  /** Each placeholder the request carried whole, as received. */
  readonly said: Readonly<Record<string, string>>;
}

/**
 * Which call a request is, in the profile's words: the host, path and method, every fixed
 * parameter as the profile (or the variant) has it, every placeholder parameter present. The most
 * specific call wins (a status check and a recharge may share one address, told apart by their
 * parameters).
 */
export function canonicalRequest(engine: ProfileEngine, req: WireRequest): CanonicalRequest | null {
  const { profile } = engine;
  const host = req.host ?? hostOf(profile, undefined);
  let best: { name: CallName; call: ResolvedCall; size: number } | null = null;
  for (const name of CALLS) {
    const spec = profile.calls[name];
    if (!spec) continue;
    for (const variant of [null, ...spec.variants.keys()]) {
      const call = resolveCall(spec, variant);
      if (call.path !== req.path || call.method !== req.method || hostOf(profile, call.host) !== host) continue;
      const fits = Object.entries(call.params).every(([param, template]) =>
        template.includes('{') ? param in req.params : req.params[param] === template,
      );
      const size = Object.keys(call.params).length;
      if (fits && sentToItsVariant(engine, spec, call, req) && (!best || size > best.size)) best = { name, call, size };
    }
  }
  if (!best) return null;
  const operators = new Map(Object.entries(operatorCodes(profile)).map(([ours, theirs]) => [theirs, ours]));
  const said = saidValues(best.call, req);
  const roles = credentialRoles(profile);
  const query: Record<string, string> = {};
  for (const [placeholder, value] of Object.entries(said)) {
    const doc = placeholder === roles.username ? 'username' : placeholder === roles.token ? 'api_token' : DOCUMENT_NAME[placeholder];
    if (!doc) continue;
    if (placeholder === 'operator') query[doc] = operators.get(value) ?? value;
    else if (placeholder === 'date' || placeholder === 'recharge_date') query[doc] = isoDate(value, profile.dateFormat);
    else if (placeholder === 'amount_paise') query[doc] = /^\d+00$/.test(value) ? value.slice(0, -2) : value;
    else query[doc] = value;
  }
  if (best.name === 'status' && query['recharge_date'] === undefined) query['recharge_date'] = ANY_DATE;
  return { endpoint: ENDPOINT_OF[best.name], query, call: best.call, said };
}
