import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { request } from 'undici';
import { z } from 'zod';
import { CHANNELS, contract } from '../../src/shared/ipc/contract';
import { ipcErrorSchema } from '../../src/shared/result';
import { outcomeText } from '../../src/shared/words/outcome-text';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { contentSecurityPolicy } from '../../src/main/core/security/csp';
import { HARNESS_KEY_HEADER, HARNESS_KEY_PARAM } from '../../src/harness/harness-key';
import { fileTempDir } from '../support/temp-dir';

let harness: Harness;
const dataDir = fileTempDir('harness');

async function call(channel: string, body: string, init: { method?: 'POST' | 'GET' | 'PUT'; host?: string } = {}) {
  const res = await request(`${harness.url}/ipc/${encodeURIComponent(channel)}`, {
    method: init.method ?? 'POST',
    body: init.method === 'GET' ? undefined : body,
    headers: { 'content-type': 'application/json', [HARNESS_KEY_HEADER]: harness.key, ...(init.host ? { host: init.host } : {}) },
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    text,
    json: (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    })(),
  };
}

/** A Result error: a registry code with parameters that fit it, which the catalogue words in English and Hindi. */
const errorResult = z.object({
  ok: z.literal(false),
  error: ipcErrorSchema.refine((e) => outcomeText('en', e).length > 0 && outcomeText('hi', e).length > 0),
});

beforeAll(async () => {
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
  await harness.close();
});

describe('web harness HTTP bridge', () => {
  it('answers app:info with ok and the data folder it was given', async () => {
    const r = await call('app:info', '{}');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ok: true, data: { name: 'RechargeDesk', mode: 'demo', dataDir } });
  });

  it('binds to loopback and refuses foreign Host headers (DNS rebinding)', async () => {
    expect(harness.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await call('app:info', '{}', { host: 'attacker.example:80' });
    expect(r.status).toBe(421);
  });

  it('answers a body that is not JSON with a clean error and HTTP 400', async () => {
    for (const body of ['{bad', 'undefined', '\u0000', '{"a":']) {
      const r = await call('app:info', body);
      expect(r.status).toBe(400);
      expect(errorResult.safeParse(r.json).success).toBe(true);
      expect(r.json).toMatchObject({ error: { code: 'bad_request' } });
    }
  });

  it('refuses oversized bodies and wrong methods with a Result error', async () => {
    const big = await call('app:info', JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(errorResult.safeParse(big.json).success).toBe(true);
    expect(big.json).toMatchObject({ error: { code: 'bad_request' } });
    const get = await call('app:info', '', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(errorResult.safeParse(get.json).success).toBe(true);
    expect(get.json).toMatchObject({ error: { code: 'bad_request' } });
  });

  /** A request's fields; a union of request shapes (auth:test's two spellings) gives every option's. */
  const fieldsOf = (schema: z.ZodType): Record<string, z.ZodType> => {
    if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
    if (schema instanceof z.ZodUnion)
      return Object.assign({}, ...(schema.options as z.ZodType[]).map(fieldsOf)) as Record<string, z.ZodType>;
    return {};
  };

  it('fuzz: every channel answers malformed payloads with a clean Result error and changes nothing', async () => {
    const wrongValues: unknown[] = [null, 0, -1, 1e308, true, 'x', '', [], [1, 2], {}, 'y'.repeat(200_000)];
    const pollution = [
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '{"__proto__":null}',
      '{"prototype":{"polluted":"yes"}}',
    ];
    for (const channel of CHANNELS) {
      const shape = fieldsOf(contract.channels[channel].request as unknown as z.ZodType);
      const payloads: string[] = [...pollution, 'null', '1', '"text"', '[]', 'true', JSON.stringify({ ['k'.repeat(100_000)]: 1 })];
      for (const [key, field] of Object.entries(shape)) {
        // Only values this field refuses: a valid value for it is not a malformed payload.
        for (const value of wrongValues) if (!field.safeParse(value).success) payloads.push(JSON.stringify({ [key]: value }));
      }
      for (const body of payloads) {
        const r = await call(channel, body);
        expect([200, 400], `${channel} ${body.slice(0, 60)}`).toContain(r.status);
        const parsed = errorResult.safeParse(r.json);
        expect(parsed.success, `${channel} ${body.slice(0, 60)} → ${r.text.slice(0, 200)}`).toBe(true);
      }
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((await call('app:info', '{}')).json).toMatchObject({ ok: true });
  });

  it('property: any JSON value on any channel gets a Result, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS, 'nope:x', '__proto__'), fc.jsonValue({ maxDepth: 3 }), async (channel, value) => {
        const r = await call(channel, JSON.stringify(value));
        expect(r.json).toHaveProperty('ok');
      }),
      { numRuns: 150 },
    );
  });

  it('serves the built shell with its CSP and the bridge script, and nothing outside it', async () => {
    const page = await request(`${harness.url}/`);
    const html = await page.body.text();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy('self'));
    // The built page says "connect nowhere" (right for the app); the harness page calls its bridge.
    expect(html).toContain(`content="${contentSecurityPolicy('self', 'meta')}"`);
    expect(html).not.toContain("connect-src 'none'");
    const bridge = /<script src="(\/__harness\/bridge-[0-9a-f]{12}\.js)"><\/script>/.exec(html);
    expect(bridge).not.toBeNull();
    // Named by content, so the browser may keep it; the page itself (which carries the key) never.
    const script = await request(`${harness.url}${bridge?.[1] ?? ''}`);
    expect(await script.body.text()).toContain('x-rechargedesk-key');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(html).toContain(`<meta name="rechargedesk-harness-key" content="${harness.key}" />`);
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/%00']) {
      const r = await request(`${harness.url}${path}`);
      await r.body.text();
      expect(r.statusCode, path).toBe(404);
    }
  });

  it('streams main→renderer events as server-sent events', async () => {
    const res = await request(`${harness.url}/events?${HARNESS_KEY_PARAM}=${encodeURIComponent(harness.key)}`);
    expect(res.headers['content-type']).toBe('text/event-stream');
    const reader = res.body[Symbol.asyncIterator]();
    await reader.next();
    harness.core.events.emit('app:notice', {
      id: 'n-hello',
      at: 1,
      level: 'info',
      outcome: { code: 'ledger_reindexed', params: {} },
      key: '',
    });
    let text = '';
    while (!text.includes('n-hello')) text += String((await reader.next()).value);
    expect(text).toContain(
      'data: {"event":"app:notice","payload":{"id":"n-hello","at":1,"level":"info","outcome":{"code":"ledger_reindexed","params":{}},"key":""}}',
    );
    res.body.destroy();
  });
});
