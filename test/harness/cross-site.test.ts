import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { rmSync } from 'node:fs';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { HARNESS_KEY_HEADER, HARNESS_KEY_PARAM } from '../../src/harness/harness-key';
import { tempDir, fileTempDir } from '../support/temp-dir';

// The attack: a page the developer visits POSTs a recharge to the harness with text/plain (no
// CORS preflight), or listens to its events. Each try must get 403 and leave the history empty.
let harness: Harness;
const dataDir = fileTempDir('csrf');
const RECHARGE = JSON.stringify({ number: '9876545555', operator: 'JIO', amount: 10 });

beforeAll(async () => {
  harness = await startHarness({ dataDir, build: false });
});

afterAll(async () => {
  await harness.close();
});

async function post(channel: string, headers: Record<string, string>, body = RECHARGE) {
  const res = await request(`${harness.url}/ipc/${channel}`, { method: 'POST', body, headers });
  return { status: res.statusCode, text: await res.body.text() };
}

async function historyCount(): Promise<number> {
  const r = await post('txn:history', { 'content-type': 'application/json', [HARNESS_KEY_HEADER]: harness.key }, '{}');
  const parsed: unknown = JSON.parse(r.text);
  if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) throw new Error(`history failed: ${r.text}`);
  const data: unknown = parsed.data;
  if (typeof data !== 'object' || data === null || !('items' in data) || !Array.isArray(data.items)) throw new Error('no items');
  return data.items.length;
}

describe('the harness refuses requests that do not come from its own page', () => {
  const own = () => ({ origin: harness.url, [HARNESS_KEY_HEADER]: harness.key });
  const attacks: [string, () => Record<string, string>][] = [
    ['a cross-site text/plain form POST (no key)', () => ({ 'content-type': 'text/plain', origin: 'https://evil.example' })],
    ['a text/plain POST with no Origin and no key', () => ({ 'content-type': 'text/plain' })],
    ['a JSON POST with no key', () => ({ 'content-type': 'application/json' })],
    ['a JSON POST with a wrong key', () => ({ 'content-type': 'application/json', [HARNESS_KEY_HEADER]: 'x'.repeat(43) })],
    ['a JSON POST with a key of the wrong length', () => ({ 'content-type': 'application/json', [HARNESS_KEY_HEADER]: 'short' })],
    ['the right key from a foreign Origin', () => ({ ...own(), 'content-type': 'application/json', origin: 'http://evil.example' })],
    ['the right key from another loopback port', () => ({ ...own(), origin: 'http://127.0.0.1:1' })],
    ['the right key from an opaque origin', () => ({ ...own(), origin: 'null' })],
    ['the right key with Sec-Fetch-Site: cross-site', () => ({ ...own(), 'sec-fetch-site': 'cross-site' })],
  ];

  for (const [name, headers] of attacks) {
    it(`refuses ${name} with 403 and submits nothing`, async () => {
      const before = await historyCount();
      const r = await post('recharge:submit', headers());
      expect(r.status).toBe(403);
      expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(await historyCount()).toBe(before);
    });
  }

  it('refuses a DNS-rebound Host even with the key', async () => {
    const r = await post('app:info', { ...own(), host: 'evil.example:80' }, '{}');
    expect(r.status).toBe(421);
  });

  it('refuses the event stream without the key, with a wrong key, and from a foreign Origin', async () => {
    for (const [path, headers] of [
      ['/events', {}],
      [`/events?${HARNESS_KEY_PARAM}=wrong`, {}],
      [`/events?${HARNESS_KEY_PARAM}=${encodeURIComponent(harness.key)}`, { origin: 'https://evil.example' }],
    ] as const) {
      const res = await request(`${harness.url}${path}`, { headers });
      expect(res.statusCode, path).toBe(403);
      expect(res.headers['content-type']).not.toBe('text/event-stream');
      await res.body.dump();
    }
  });

  it('the page itself, with its key and Origin, may submit (the guard is not simply closed)', async () => {
    const before = await historyCount();
    const r = await post('recharge:submit', { ...own(), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ ok: true });
    expect(await historyCount()).toBe(before + 1);
  });

  it('a new run has a new key: the old one is refused', async () => {
    const other = await startHarness({ dataDir: tempDir('csrf2'), build: false });
    try {
      expect(other.key).not.toBe(harness.key);
      expect(other.key.length).toBeGreaterThanOrEqual(43);
      const res = await request(`${other.url}/ipc/app:info`, {
        method: 'POST',
        body: '{}',
        headers: { [HARNESS_KEY_HEADER]: harness.key },
      });
      expect(res.statusCode).toBe(403);
      await res.body.dump();
    } finally {
      await other.close();
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });
});
