import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import { fill } from '../../shared/profiles/request-builder';
import { requestValues } from '../../shared/profiles/request-values';
import { signatureOf } from '../../shared/profiles/signature';
import { sandboxDigest } from './sandbox-digest';
import { operatorCodes } from '../../shared/profiles/profile-operators';
import { credentialRoles, type CanonicalRequest, type WireRequest } from './dialect-request';

/** The account's own username and token, as the sandbox keeps them. */
export interface SandboxAccount {
  readonly username: string;
  readonly token: string;
}

/**
 * Whether every signature the call declares is the one the provider computes: over the values the
 * request carried, with the account's own secrets (never the ones a request claims).
 */
export function signaturesHold(engine: ProfileEngine, c: CanonicalRequest, req: WireRequest, account: SandboxAccount): boolean {
  const roles = credentialRoles(engine.profile);
  const known = { ...c.said, ...(roles.username === null ? {} : { [roles.username]: account.username }), [roles.token]: account.token };
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
