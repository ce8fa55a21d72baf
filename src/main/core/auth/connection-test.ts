import { ResellerClient, type ProviderCredentials } from '../reseller/reseller-client';
import type { ResponseOf } from '../../../shared/ipc/contract';

type TestResult = ResponseOf<'auth:test'>;

const TEST_TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 5_000, totalMs: 12_000 };

/** Calls the balance endpoint with the given account and says in plain words what happened. */
export async function testConnection(credentials: ProviderCredentials): Promise<TestResult> {
  const client = new ResellerClient(() => credentials, TEST_TIMEOUTS);
  try {
    const o = await client.balance();
    if (o.kind === 'answer') return { ok: true, buyer: o.buyer, seller: o.seller, lien: o.lien };
    if (o.kind === 'rejected') {
      const badCredentials = o.code === '145' || /token|credential|username|auth/i.test(o.message);
      return badCredentials
        ? {
            ok: false,
            reason: 'bad_credentials',
            message: `The provider did not accept this username and token (${o.message || 'no reason given'}). Copy the token again from the provider's dashboard.`,
          }
        : { ok: false, reason: 'provider_error', message: `The provider answered: ${o.message || 'an error without a reason'}.` };
    }
    if (/CERT|TLS|SSL/i.test(o.detail)) {
      return {
        ok: false,
        reason: 'tls',
        message: "The provider's secure connection could not be verified. Check the address, and the computer's date and time.",
      };
    }
    if (o.reason === 'timeout')
      return {
        ok: false,
        reason: 'timeout',
        message: 'The provider took too long to answer. Check the internet connection and try again.',
      };
    if (o.reason === 'network')
      return {
        ok: false,
        reason: 'unreachable',
        message: 'The provider could not be reached. Check the address and the internet connection.',
      };
    return {
      ok: false,
      reason: 'provider_error',
      message:
        'The provider sent an answer that could not be read. Check the address: it should be the API address your provider gave you.',
    };
  } finally {
    await client.close();
  }
}
