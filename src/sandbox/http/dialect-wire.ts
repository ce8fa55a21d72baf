import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VariantFacts } from '../../shared/profiles/call-variant';
import { canonicalRequest, type CanonicalRequest, type WireRequest } from '../dialect/dialect-request';
import { factsHold, othersHold, shopHolds, signaturesHold, type SandboxAccount } from '../dialect/dialect-checks';
import { dialectReply } from '../dialect/dialect-reply';
import type { ProviderWire } from './provider-routes';
import { readBodyText, sendText } from './respond';

/** Request parameters from the query, then from a form or JSON body (the first of a name wins). */
function paramsOf(url: URL, body: string, contentType: string): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (k: string, v: unknown) => {
    if (!(k in out) && (typeof v === 'string' || typeof v === 'number')) out[k] = String(v);
  };
  for (const [k, v] of url.searchParams) add(k, v);
  if (body === '') return out;
  if (contentType.includes('json')) {
    try {
      const json: unknown = JSON.parse(body);
      if (json && typeof json === 'object') for (const [k, v] of Object.entries(json)) add(k, v);
    } catch {
      // Not JSON: the call is missing its parameters and the endpoint says so.
    }
  } else for (const [k, v] of new URLSearchParams(body)) add(k, v);
  return out;
}

function fitsReference(engine: ProfileEngine, ref: string): boolean {
  const { maxLength, digitsOnly } = engine.profile.reference;
  return ref.length <= maxLength && (!digitsOnly || /^\d+$/.test(ref));
}

/** Header values as text, lower-case names (node already lowers them). */
function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])),
  );
}

/** What the dialect checks a request against: the account's secrets, and the recharges it has. */
export interface DialectAccount extends SandboxAccount {
  /** Our operator code of the recharge with this reference, or null when there is none. */
  operatorOfRef(ref: string): string | null;
  /** The number recharged with this reference, or null: a check may sign over it without sending it. */
  numberOfRef(ref: string): string | null;
}

/** What the provider keeps of the recharge a request names: a signature may cover it unsent. */
function kept(account: DialectAccount, call: CanonicalRequest): Record<string, string> {
  const number = call.query['ref_id'] === undefined ? null : account.numberOfRef(call.query['ref_id']);
  return number === null ? {} : { number };
}

/**
 * Plays a provider that speaks another dialect, from the same profile the app reads it with. `host`:
 * which of the profile's hosts this listener is (a request is found only among that host's calls).
 */
export function dialectWire(profile: ProfileEngine, account?: DialectAccount, host?: string): ProviderWire {
  // Which recharge each request was for, so its reply is said as that recharge's variant says it.
  const factsOf = new WeakMap<ServerResponse, VariantFacts>();
  return {
    async resolve(req, res, url) {
      const body = req.method === 'POST' ? await readBodyText(req) : '';
      if (body === null) {
        sendText(res, 413, 'Request too large', 'text/plain');
        return null;
      }
      const wire: WireRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: paramsOf(url, body, String(req.headers['content-type'] ?? '')),
        headers: headersOf(req),
        ...(host === undefined ? {} : { host }),
      };
      const call = canonicalRequest(profile, wire);
      if (!call) sendText(res, 404, `No such call: ${req.method} ${url.pathname.slice(0, 100)}`, 'text/plain');
      else if (account && !(othersHold(profile, call, account) && signaturesHold(profile, call, wire, account, kept(account, call)))) {
        // Like the document's bad credentials: nothing is done with a request the account did not sign.
        sendText(res, 401, 'Invalid signature', 'text/plain');
        return null;
      } else if (account && !shopHolds(call, account)) {
        // Like a provider asked for a circle the account is not in: refused, nothing done.
        sendText(res, 400, 'Circle not accepted for this account', 'text/plain');
        return null;
      } else if (account && !factsHold(profile, call, (ref) => account.operatorOfRef(ref))) {
        sendText(res, 404, 'No transaction of this service type with this reference', 'text/plain');
        return null;
      } else if (call.endpoint === 'recharge' && !fitsReference(profile, call.query['ref_id'] ?? '')) {
        // Like a provider whose reference column is short or numeric: it refuses, so an app that
        // ignored the profile's limits fails every recharge here instead of passing unseen.
        sendText(res, 400, 'Reference not accepted', 'text/plain');
        return null;
      }
      if (!call) return null;
      // A provider that knows the account by its token alone: the sandbox's one account is asked.
      const query = account && call.query['username'] === undefined ? { ...call.query, username: account.username } : call.query;
      const operator = query['operator'] ?? account?.operatorOfRef(query['ref_id'] ?? '') ?? undefined;
      factsOf.set(res, operator === undefined ? {} : { operator });
      return { endpoint: call.endpoint, query };
    },
    send(res, endpoint, reply) {
      const said = dialectReply(profile, endpoint, reply.body, factsOf.get(res));
      sendText(res, reply.httpStatus, said.text, said.contentType);
    },
  };
}
