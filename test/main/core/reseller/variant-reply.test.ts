import { describe, expect, it } from 'vitest';
import type { ProviderCredentials } from '../../../../src/main/core/reseller/reseller-client';
import { createEngine } from '../../../../src/shared/profiles/profile-engine';
import { libraryProfileFile } from '../../../../src/shared/profiles/library/library-profiles';
import { dialectDays } from '../../../support/dialect-day';

// A provider whose DTH endpoint answers in its own words (XML, other names) from its mobile one:
// the sandbox must answer a DTH recharge the way the profile's DTH variant reads it (issue 36).
const TOKEN = 'variant-reply-token';
const openDay = dialectDays();

function dthSaysXml(): unknown {
  const file = libraryProfileFile('rechargkit') as {
    version: number;
    operators: Record<string, string>;
    hosts: Record<string, { label: unknown }>;
    calls: { recharge: { variants: Record<string, unknown>[] } };
  };
  const hosts = Object.fromEntries(Object.entries(file.hosts).map(([name, h]) => [name, { label: h.label }]));
  const [dth, ...rest] = file.calls.recharge.variants;
  const variant = {
    ...dth,
    reply: {
      format: 'xml',
      fields: { status: ['Response.State'], errorCode: ['Response.Code'], txnId: ['Response.Order'], refId: ['Response.Ref'] },
    },
    rules: [
      { when: [{ field: 'errorCode', is: 'between', min: 1, max: 199 }], means: 'not_processed' },
      { when: [{ field: 'status', is: 'equals', value: 'DONE' }], means: 'Success' },
      { when: [{ field: 'status', is: 'equals', value: 'WAIT' }], means: 'Pending' },
      { when: [{ field: 'status', is: 'equals', value: 'FAILED' }], means: 'Failure' },
    ],
  };
  return {
    ...file,
    version: file.version + 1,
    hosts,
    operators: { ...file.operators, AT: '2', TATASKY: '24' },
    calls: { ...file.calls, recharge: { ...file.calls.recharge, variants: [variant, ...rest] } },
  };
}

describe('a recharge variant with its own reply format', () => {
  it('a DTH sale is confirmed, read in the DTH reply; a mobile sale still in the call own reply', async () => {
    const profile = dthSaysXml();
    const engine = createEngine(profile, 'check');
    const { c, s } = await openDay(
      { token: TOKEN, dialectEngine: createEngine(profile, 'check'), balance: 1000 },
      engine,
      (sb): ProviderCredentials => ({
        baseUrl: sb.url,
        username: sb.credentials.username,
        token: TOKEN,
        values: { username: sb.credentials.username, token: TOKEN },
        hosts: sb.hostUrls,
      }),
    );
    const dth = await c.recharge({ number: '1000005555', amountRupees: 300, operator: 'TATASKY', refId: '601' });
    expect(dth).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    const mobile = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: '602' });
    expect(mobile).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    expect(s.admin.allTransactions()).toMatchObject([
      { refId: '601', operator: 'TATASKY' },
      { refId: '602', operator: 'AT' },
    ]);
  });
});
