import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { createEngine } from '../../../../src/shared/profiles/profile-engine';
import { ownersVersion } from '../../../support/library-account';
import { openHarness, untilStatus, type TestHarness } from '../flow/harness-client';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';

// Issue 36 item 3, values the shop sets: RechargKit's recharge names a circle, required. The
// sandbox plays RechargKit on loopback and knows the account in circle 7 only: a recharge naming
// another circle is refused there, so a recharge that succeeds proves the shop's choice was sent.
const TOKEN = 'rkit-api-password';
const profile = ownersVersion('rechargkit', { AT: '2' });

let h: TestHarness | null = null;
let s: Sandbox | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await h?.dispose();
  h = null;
  await s?.close();
  s = null;
  dirs.splice(0).forEach(removeTempDir);
});

/** RechargKit as a provider that also asks the circle on its status check and balance. */
function circleOnEveryCall(): unknown {
  const p = structuredClone(profile) as { calls: Record<string, { params: Record<string, string> }> };
  for (const call of ['status', 'balance']) p.calls[call]!.params['circle'] = '{shop.circle}';
  return p;
}

async function rechargKitShop(circle: string, spoken: unknown = profile) {
  s = await startSandbox({ token: TOKEN, dialectEngine: createEngine(spoken, 'check'), shopValues: { circle }, pendingMs: 100 });
  const dataDir = makeTempDir('shop-values');
  dirs.push(dataDir);
  h = await openHarness({ acceptWeakTokenProtection: true, keepDir: dataDir });
  const text = JSON.stringify(spoken);
  const bench = await h.ok('profile:bench', { text });
  const hosts = Object.fromEntries((bench.hosts ?? []).map((x) => [x.name, x.url]));
  await h.ok('profile:use', { text, hosts });
  return { h, s, dataDir, credentials: { username: s.credentials.username, token: TOKEN } };
}

describe('a value the shop sets for its provider (RechargKit circle)', () => {
  it('Settings offers the circle, saves the choice with the account, and every recharge sends it', async () => {
    const { h, s, dataDir, credentials } = await rechargKitShop('7');
    const before = await h.ok('auth:status');
    expect(before.shopValues.map((v) => v.name)).toEqual(['circle']);
    // Nothing chosen yet: the document's first choice is what would be sent.
    expect(before.shop).toEqual({ circle: '1' });

    await h.ok('auth:save', { baseUrl: s.url, credentials, shop: { circle: '7' } });
    expect(await h.ok('auth:status')).toMatchObject({ mode: 'live', shop: { circle: '7' }, shopSetAside: [] });
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).provider.shop).toEqual({ circle: '7' });

    const sale = await h.ok('recharge:submit', { number: '9000005555', operator: 'AT', amount: 100 });
    await untilStatus(h, sale.txn.refId, 'Success');

    // Saving the account again without naming the circle (version 1's callers) keeps it.
    await h.ok('auth:save', { baseUrl: s.url, credentials: { username: credentials.username } });
    expect((await h.ok('auth:status')).shop).toEqual({ circle: '7' });
  }, 60_000);

  it('a provider that asks the circle on its status check and balance too is sent it there: a pending recharge is confirmed', async () => {
    const { h, s, credentials } = await rechargKitShop('7', circleOnEveryCall());
    await h.ok('auth:save', { baseUrl: s.url, credentials, shop: { circle: '7' } });
    // The sandbox's pending number: only the status check, asked in circle 7, can confirm it.
    const sale = await h.ok('recharge:submit', { number: '9000001111', operator: 'AT', amount: 50 });
    expect(sale.txn.status).toBe('Pending');
    await untilStatus(h, sale.txn.refId, 'Success', 15_000);
    // The wallet read asks in circle 7 too: the provider answers it.
    const wallet = s.admin.account(s.credentials.username).buyerBalance;
    expect(wallet).toBeLessThan(500_000);
    expect((await h.ok('balance:refresh')).balance).toMatchObject({ buyer: wallet, source: 'balance' });
  }, 60_000);

  it('the connection test asks with the circle on screen, before it is saved', async () => {
    const { h, s, credentials } = await rechargKitShop('7', circleOnEveryCall());
    expect(await h.ok('auth:test', { baseUrl: s.url, credentials, shop: { circle: '7' } })).toMatchObject({ ok: true });
    expect(await h.ok('auth:test', { baseUrl: s.url, credentials, shop: { circle: '3' } })).toMatchObject({ ok: false });
  }, 60_000);

  it('the default circle is not the shop’s: the provider refuses it, and nothing is taken', async () => {
    const { h, s, credentials } = await rechargKitShop('7');
    await h.ok('auth:save', { baseUrl: s.url, credentials });
    const sale = await h.ok('recharge:submit', { number: '9000005555', operator: 'AT', amount: 100 });
    // The provider did nothing with it: no recharge on its books, its wallet untouched.
    expect(s.admin.transactions().total).toBe(0);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(500_000);
    expect((await h.ok('txn:get', { refId: sale.txn.refId })).txn.status).not.toBe('Success');
  }, 60_000);

  it('a circle the profile does not offer is refused at save: the saved one stays', async () => {
    const { h, s, credentials } = await rechargKitShop('7');
    await h.ok('auth:save', { baseUrl: s.url, credentials, shop: { circle: '7' } });
    const bad = await h.callRaw('auth:save', { baseUrl: s.url, credentials, shop: { circle: '99' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((await h.ok('auth:status')).shop).toEqual({ circle: '7' });
  }, 60_000);

  it('a hand-edited circle the profile does not offer is never sent: the default goes, and Settings says so', async () => {
    const { h: first, s, dataDir, credentials } = await rechargKitShop('1');
    await first.ok('auth:save', { baseUrl: s.url, credentials, shop: { circle: '7' } });
    await first.dispose();
    h = null;
    const file = join(dataDir, 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as { provider: { shop: Record<string, string> } };
    settings.provider.shop = { circle: '99' };
    writeFileSync(file, JSON.stringify(settings));

    h = await openHarness({ acceptWeakTokenProtection: true, keepDir: dataDir });
    const status = await h.ok('auth:status');
    expect(status.shop).toEqual({ circle: '1' });
    expect(status.shopSetAside).toEqual([
      {
        name: 'circle',
        label: expect.objectContaining({ en: expect.stringContaining('Circle') }),
        saved: '99',
        sent: { en: 'Circle code 1', hi: 'सर्कल कोड 1' },
      },
    ]);
    // The provider knows the account in circle 1 only: a recharge that succeeds was sent with it.
    const sale = await h.ok('recharge:submit', { number: '9000005555', operator: 'AT', amount: 100 });
    await untilStatus(h, sale.txn.refId, 'Success');
  }, 60_000);
});
