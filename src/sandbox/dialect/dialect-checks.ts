import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import { fill } from '../../shared/profiles/request-builder';
import { requestValues } from '../../shared/profiles/request-values';
import { signatureOf } from '../../shared/profiles/signature';
import { sandboxDigest } from './sandbox-digest';
import { operatorCodes } from '../../shared/profiles/profile-operators';
import { credentialRoles, type CanonicalRequest, type WireRequest } from './dialect-request';

/** The account's own username and token, and its other credentials by the profile's names. */
export interface SandboxAccount {
  readonly username: string;
  readonly token: string;
  readonly others: Readonly<Record<string, string>>;
  /** The values the provider keeps for the account (its circle), by the profile's shop value names. */
  readonly shop?: Readonly<Record<string, string>>;
}

/** Every credential the account has, by the profile's names: the id and token in their roles, the rest as given. */
function accountValues(engine: ProfileEngine, account: SandboxAccount): Record<string, string> {
  const roles = credentialRoles(engine.profile);
  return { ...account.others, ...(roles.username === null ? {} : { [roles.username]: account.username }), [roles.token]: account.token };
}

/**
 * Whether each credential the request carries beyond the id and token (a PIN, a second key) is the
 * account's own; one the account was not given is never right.
 */
export function othersHold(engine: ProfileEngine, c: CanonicalRequest, account: SandboxAccount): boolean {
  const roles = credentialRoles(engine.profile);
  return engine.profile.credentials
    .filter(({ name }) => name !== roles.username && name !== roles.token && name in c.said)
    .every(({ name }) => account.others[name] !== undefined && c.said[name] === account.others[name]);
}

/** Whether each shop value the request names (`{shop.x}`) is the one the provider keeps for the account. */
export function shopHolds(c: CanonicalRequest, account: SandboxAccount): boolean {
  return Object.entries(c.said).every(([name, value]) => {
    const kept = name.startsWith('shop.') ? account.shop?.[name.slice(5)] : undefined;
    return kept === undefined || kept === value;
  });
}

/**
 * Whether every signature the call declares is the one the provider computes: over the values the
 * request carried and what the provider keeps of its recharge (`kept`), with the account's own
 * secrets (never the ones a request claims).
 */
export function signaturesHold(
  engine: ProfileEngine,
  c: CanonicalRequest,
  req: WireRequest,
  account: SandboxAccount,
  kept: Readonly<Record<string, string>> = {},
): boolean {
  const known = { ...kept, ...c.said, ...accountValues(engine, account) };
  return c.call.sign.every((s) => {
    const got = s.in === 'param' ? req.params[s.name] : req.headers?.[s.name.toLowerCase()];
    return got === signatureOf(s, fill(s.of, known), s.key === undefined ? '' : fill(s.key, known), sandboxDigest);
  });
}

/**
 * Whether a status check or complaint names its recharge's operator values (`{op.x}`) and kind as
 * the provider has them: a provider that files DTH apart finds nothing when asked as mobile.
 */
export function factsHold(engine: ProfileEngine, c: CanonicalRequest, operatorOfRef: (ref: string) => string | null): boolean {
  const named = Object.entries(c.said).filter(([name]) => name === 'kind' || name.startsWith('op.'));
  const ours = named.length === 0 ? null : operatorOfRef(c.query['ref_id'] ?? '');
  if (ours === null) return true;
  const want = requestValues(engine.profile, operatorCodes(engine.profile), { credentials: {}, operator: ours });
  return named.every(([name, value]) => want[name] === value);
}
