import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../../../../src/sandbox';
import { type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

// The attack: keep the stored token and type another address (or username), so the app sends the
// token there. Server A is the provider the token was saved for; server B records every request.
const TOKEN = 'saved-token-for-A-9f3k';
const FAST = { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 2000 };
let a: Sandbox;
let b: Server;
let bUrl: string;
let seenByB: string[];
let h: TestHarness;

beforeEach(async () => {
  a = await testSandbox({ token: TOKEN, balance: 1000 });
  seenByB = [];
  b = createServer((req, res) => {
    seenByB.push(`${req.method} ${req.url ?? ''} ${JSON.stringify(req.headers)}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"Success","buyerBalance":"1.00"}');
  });
  await new Promise<void>((r) => b.listen(0, '127.0.0.1', () => r()));
  bUrl = `http://127.0.0.1:${(b.address() as AddressInfo).port}`;
  h = await openLiveHarness(a, { timeouts: FAST });
});

afterEach(async () => {
  await h.dispose();
  await new Promise<void>((r) => b.close(() => r()));
});

const tokenReachedB = () => seenByB.some((line) => line.includes(TOKEN) || line.includes(encodeURIComponent(TOKEN)));

describe('the stored token goes only to the address and username it was saved with', () => {
  it('the connection test with another address and no typed token sends nothing there', async () => {
    const r = await h.ok('auth:test', { baseUrl: bUrl });
    expect(r).toEqual({ ok: false, reason: 'token_needed', said: '' });
    expect(seenByB).toEqual([]);
  });

  it('the connection test with another username and no typed token sends nothing', async () => {
    const r = await h.ok('auth:test', { baseUrl: a.url, username: '9000000001' });
    expect(r).toMatchObject({ ok: false, reason: 'token_needed' });
    expect(await h.ok('auth:test', { baseUrl: bUrl, username: '9000000001' })).toMatchObject({ ok: false, reason: 'token_needed' });
    expect(seenByB).toEqual([]);
  });

  it('the connection test with the saved address still uses the saved token', async () => {
    expect(await h.ok('auth:test', { baseUrl: a.url, username: a.credentials.username })).toMatchObject({ ok: true, buyer: 100000 });
    expect(await h.ok('auth:test')).toMatchObject({ ok: true });
  });

  it('saving another address without the token is refused and changes nothing', async () => {
    const r = await h.call('auth:save', { baseUrl: bUrl, username: a.credentials.username });
    expect(r).toEqual({ ok: false, error: { code: 'token_required', params: { accountChanged: true } } });
    if (!r.ok) expect(outcomeText('en', r.error)).toMatch(/paste the API token again/);
    const status = await h.ok('auth:status');
    expect(status.baseUrl).toBe(a.url);
    await h.ok('balance:refresh');
    await h.ok('auth:test');
    expect(seenByB).toEqual([]);
  });

  it('saving another username without the token is refused', async () => {
    const r = await h.call('auth:save', { baseUrl: a.url, username: '9000000001' });
    expect(r).toMatchObject({ ok: false, error: { code: 'token_required' } });
    expect((await h.ok('auth:status')).username).toBe(a.credentials.username);
  });

  it('re-saving the same account without the token keeps it', async () => {
    expect(await h.ok('auth:save', { baseUrl: a.url, username: a.credentials.username })).toMatchObject({ configured: true, mode: 'live' });
  });

  it('a new address with a newly typed token goes there, and the old token never does', async () => {
    await h.ok('auth:save', { baseUrl: bUrl, username: a.credentials.username, token: 'token-typed-for-B-123' });
    await h.ok('balance:refresh');
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.some((line) => line.includes('token-typed-for-B-123'))).toBe(true);
    expect(tokenReachedB()).toBe(false);
  });
});
