import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { ResellerClient, DEFAULT_TIMEOUTS } from '../../../../src/main/core/reseller/reseller-client';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { fakeClock } from '../../../sandbox/client';

// Issue 28 item 4: a recharge keeps the profile it was sent with, so a later change of profile
// cannot change how its answers are read.
let sandbox: Sandbox | undefined;
let client: ResellerClient | undefined;
afterEach(async () => {
  await client?.close();
  await sandbox?.close();
});

describe('a recharge is read with the profile it was sent with', () => {
  it('after the shop moved to another profile, a check of an older recharge still speaks the old dialect', async () => {
    const clock = fakeClock();
    const s = await startSandbox({ token: 'sent-with-token', dialect: 'hash-text', now: clock.now, balance: 1000 });
    sandbox = s;
    const credentials = () => ({ baseUrl: s.url, username: s.credentials.username, token: 'sent-with-token' });
    const old = new ResellerClient(credentials, DEFAULT_TIMEOUTS, builtinEngine('hash-text'));
    expect(old.profileTag).toBe('hash-text@1');
    expect(await old.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: 'OLD1' })).toMatchObject({ kind: 'answer' });
    await old.close();

    // The profile in use is now the document's; the recharge was sent with hash-text@1.
    client = new ResellerClient(credentials, DEFAULT_TIMEOUTS, builtinEngine('document'), (tag) =>
      tag === 'hash-text@1' ? builtinEngine('hash-text') : null,
    );
    expect(await client.status('OLD1', '2026-11-22', undefined, 'hash-text@1')).toMatchObject({
      kind: 'answer',
      reply: { status: { status: 'Success' } },
    });
    // Read with the profile in use instead, the same recharge would not even be found.
    expect((await client.status('OLD1', '2026-11-22')).kind).not.toBe('answer');
  });
});
