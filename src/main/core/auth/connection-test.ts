import { ResellerClient } from '../reseller/reseller-client';
import type { AccountCredentials } from '../reseller/client-credentials';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { ProfileEngine } from '../../../shared/profiles/profile-engine';

type TestResult = ResponseOf<'auth:test'>;

const TEST_TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 5_000, totalMs: 12_000 };

/** The body after the client's `HTTP nnn: ` prefix parses as JSON, or is an XML document. */
function isWellFormedData(detail: string): boolean {
  const body = detail.replace(/^HTTP \d+: /, '').trim();
  if (/^<\?xml/i.test(body)) return true;
  try {
    const data: unknown = JSON.parse(body);
    return typeof data === 'object' && data !== null;
  } catch {
    return false;
  }
}

/** Calls the balance endpoint with the given account and says, by reason, what happened. */
export async function testConnection(credentials: AccountCredentials, profile: ProfileEngine): Promise<TestResult> {
  const client = new ResellerClient(() => credentials, TEST_TIMEOUTS, profile);
  try {
    const o = await client.balance();
    if (o.kind === 'answer') return { ok: true, buyer: o.buyer, seller: o.seller, lien: o.lien };
    if (o.kind === 'rejected') {
      // 145 in the document's numbering, whatever the provider's own code (the profile maps it).
      const badCredentials = o.code === '145' || /token|credential|username|auth/i.test(o.message);
      return { ok: false, reason: badCredentials ? 'bad_credentials' : 'provider_error', said: o.message.slice(0, 300) };
    }
    if (/CERT|TLS|SSL/i.test(o.detail)) return { ok: false, reason: 'tls', said: '' };
    if (o.reason === 'timeout') return { ok: false, reason: 'timeout', said: '' };
    if (o.reason === 'network') return { ok: false, reason: 'unreachable', said: '' };
    // The server answers, but not as the profile expects: no such call where the profile looks
    // (404), or well-formed data in fields the profile does not read. The profile is to check first.
    const profileFault = o.detail.startsWith('HTTP 404:') || (o.reason === 'unreadable' && isWellFormedData(o.detail));
    if (profileFault) return { ok: false, reason: 'profile_mismatch', said: '' };
    // Anything else that could not be read (a web page, broken bytes): most often the wrong address.
    return { ok: false, reason: 'provider_error', said: '' };
  } finally {
    await client.close();
  }
}
