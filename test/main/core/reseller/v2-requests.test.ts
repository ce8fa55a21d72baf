import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox';
import type { ProviderCredentials } from '../../../../src/main/core/reseller/reseller-client';
import { createEngine } from '../../../../src/shared/profiles/profile-engine';
import { nodeDigest } from '../../../../src/main/core/profiles/node-digest';
import twoHost from '../../../fixtures/profiles/two-host-signed-v2.json';
import { dialectDays } from '../../../support/dialect-day';

// A version 2 profile end to end: the sandbox learns the dialect from the same profile data, with
// each of its two hosts on a loopback port of its own; the client is given each host's address.
const KEY = 'two-host-api-key';
const openDay = dialectDays();

async function setup(o: { key?: string; hosts?: (s: Sandbox) => Record<string, string>; profile?: unknown } = {}) {
  return openDay(
    { token: KEY, dialectEngine: createEngine(twoHost, 'check', nodeDigest) },
    createEngine(o.profile ?? twoHost, 'check', nodeDigest),
    (s): ProviderCredentials => ({
      baseUrl: s.url,
      username: s.credentials.username,
      token: o.key ?? KEY,
      values: { member_id: s.credentials.username, api_key: o.key ?? KEY },
      hosts: o.hosts?.(s) ?? s.hostUrls,
    }),
  );
}

const date = '2026-11-22';

describe('a version 2 profile with two hosts, a DTH variant and a signature, against the sandbox', () => {
  it('the sandbox plays each of the profile hosts on its own loopback port', async () => {
    const { s } = await setup();
    expect(Object.keys(s.hostUrls)).toEqual(['api', 'status']);
    expect(s.hostUrls['api']).not.toBe(s.hostUrls['status']);
  });

  it('a Tata Play recharge goes to the DTH endpoint, and its pending answer is confirmed by the status check on the status host', async () => {
    const { c, s, later } = await setup();
    const sent = await c.recharge({ number: '1000001111', amountRupees: 300, operator: 'TATASKY', refId: 'DTH1' });
    expect(sent).toMatchObject({ kind: 'answer', reply: { status: { status: 'Pending' }, refId: 'DTH1' } });
    expect(s.admin.allTransactions()).toMatchObject([{ refId: 'DTH1', number: '1000001111', operator: 'TATASKY' }]);
    later();
    const checked = await c.status('DTH1', date, undefined, '', { number: '1000001111', amount: 30000, operator: 'TATASKY' });
    expect(checked).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
  });

  it('a status check that names the wrong service type finds nothing: the pending DTH recharge stays unconfirmed', async () => {
    const { c, later } = await setup();
    await c.recharge({ number: '1000001111', amountRupees: 300, operator: 'TATASKY', refId: 'DTH2' });
    later();
    // Asked as a Jio (mobile, PREPAID) recharge: the provider files DTH apart and answers no such transaction.
    const asMobile = await c.status('DTH2', date, undefined, '', { operator: 'JIO' });
    expect(asMobile.kind).not.toBe('answer');
  });

  it('a mobile recharge goes to the mobile endpoint and is answered', async () => {
    const { c, s } = await setup();
    const sent = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: 'MOB1' });
    expect(sent).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' }, refId: 'MOB1' } });
    expect(s.admin.allTransactions()).toMatchObject([{ refId: 'MOB1', operator: 'AT' }]);
  });

  it('the balance is read from the status host', async () => {
    const { c } = await setup();
    expect(await c.balance()).toMatchObject({ kind: 'answer', buyer: 100000 });
  });

  it('a status check sent to the recharge host is no call there: nothing is confirmed', async () => {
    const { c, later } = await setup({ hosts: (s) => ({ api: s.hostUrls['api'] ?? '', status: s.hostUrls['api'] ?? '' }) });
    await c.recharge({ number: '1000001111', amountRupees: 300, operator: 'TATASKY', refId: 'DTH3' });
    later();
    expect((await c.status('DTH3', date, undefined, '', { operator: 'TATASKY' })).kind).not.toBe('answer');
  });

  it('a request whose signature is not the one the provider computes is refused, and nothing is recharged', async () => {
    // The right key, but signed over fewer fields than the provider's document says.
    const unsigned = structuredClone(twoHost);
    unsigned.calls.recharge.sign[0]!.of = '{member_id}|{number}';
    const { c, s } = await setup({ profile: unsigned });
    const sent = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: 'BAD1' });
    expect(sent).toMatchObject({ kind: 'unknown', reason: 'http_error', detail: expect.stringContaining('401') });
    expect(s.admin.allTransactions()).toEqual([]);
  });

  it('a credential with a line break is never sent as a header: the recharge is not sent, nothing reaches the provider', async () => {
    const { c, s } = await setup({ key: `${KEY}\r\nX-Evil: 1` });
    const sent = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: 'CRLF1' });
    expect(sent.kind).toBe('not_sent');
    expect(s.admin.submissions()).toEqual({});
  });
});
