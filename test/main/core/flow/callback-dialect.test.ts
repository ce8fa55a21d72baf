import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { openHarness, untilStatus, type TestHarness } from './harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { freePort } from '../../../support/free-port';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

/** A live counter on the hash-text profile with its listener on; the sandbox calls it back only if told. */
async function hashTextCounter(sandboxCallsBack: boolean): Promise<{ t: TestHarness; base: string }> {
  const port = await freePort();
  const t = (h = await openHarness({ acceptWeakTokenProtection: true }));
  // Polling is made slow so that only a callback can explain a quick resolution.
  await t.ok('settings:update', { poller: { firstCheckSeconds: 600 }, callbackListener: { enabled: true, port } });
  await t.ok('profile:use', { id: 'hash-text' });
  const base = (await t.ok('auth:status')).callbackUrl!;
  const callbackUrl = sandboxCallsBack ? `${base}1` : undefined;
  await saveSandboxAccount(t, await testSandbox({ token: 'cb-token-123456', pendingMs: 100, dialect: 'hash-text', callbackUrl }));
  return { t, base };
}

describe('callbacks in the provider profile’s own words', () => {
  it('the hash-text provider’s callback (client_id, payid, status=success) makes the app check that recharge at once', async () => {
    const { t } = await hashTextCounter(true);

    const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
    expect(r.txn.status).toBe('Pending');
    const done = await untilStatus(t, r.txn.refId, 'Success');
    expect(done.events.at(-1)).toMatchObject({ toStatus: 'Success', source: 'callback' });
  });

  it('a callback in the document’s words names no reference in the hash-text profile, and checks nothing', async () => {
    const { t, base } = await hashTextCounter(false);
    const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
    await new Promise((res) => setTimeout(res, 250));
    const documentWords = await request(`${base}1?refId=${r.txn.refId}&status=Success`);
    expect(documentWords.statusCode).toBe(200);
    await documentWords.body.dump();
    await new Promise((res) => setTimeout(res, 500));
    expect((await t.ok('txn:get', { refId: r.txn.refId })).txn).toMatchObject({ status: 'Pending', attempts: 0 });
    const itsWords = await request(`${base}1?client_id=${r.txn.refId}&status=success`);
    await itsWords.body.dump();
    const done = await untilStatus(t, r.txn.refId, 'Success');
    expect(done.events.at(-1)).toMatchObject({ toStatus: 'Success', source: 'callback' });
  });
});
