import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { ENCODINGS } from '../../../support/token-encodings';

// A real loopback provider that echoes the request's query string, and the token in it, in every
// encoding a reply can carry, into every field the app keeps: the message of a Pending recharge,
// the HTML of a 502, the message of a rejected balance and complaint. Then the whole data folder
// (ledger, its WAL and settings), every event and every IPC answer are searched for the token.
const TOKEN = 'Tok/en+with "quotes" & spaces é ह 😀 %41 end';
let provider: Server;
let h: TestHarness;
const answers: string[] = [];

function echo(query: string): string {
  const token = new URLSearchParams(query).get('api_token') ?? '';
  const forms = Object.entries(ENCODINGS).map(([name, encode]) => `${name}=${encode(token)}`);
  return `query ${query} | ${forms.join(' | ')}`;
}

/** JSON as PHP writes it: "\/" and \uXXXX, so the token is escaped inside the reply. */
function phpJson(fields: Record<string, string>): string {
  return JSON.stringify(fields)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    const url = req.url ?? '';
    const query = url.slice(url.indexOf('?') + 1);
    const params = new URLSearchParams(query);
    const json = (status: number, fields: Record<string, string>) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(phpJson(fields));
    if (url.includes('/balance')) return json(200, { status: 'Error', errorcode: '999', message: `Invalid request: ${echo(query)}` });
    if (url.includes('/recharge'))
      return json(200, { status: 'Pending', ref_id: params.get('ref_id') ?? '', txn_id: 'T1', message: `Accepted ${echo(query)}` });
    if (url.includes('/statusByRefId'))
      return res.writeHead(502, { 'content-type': 'text/html' }).end(`<html><body>Bad gateway for ${echo(query)}</body></html>`);
    if (url.includes('/complain')) return json(200, { status: 'Error', errorcode: '150', message: `Cannot complain: ${echo(query)}` });
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
  const baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  h = await openHarness({ acceptWeakTokenProtection: true, timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 1500 } });
  const call = async (channel: string, payload: unknown) => {
    const r = await h.callRaw(channel, payload);
    answers.push(JSON.stringify(r));
    return r;
  };
  await call('auth:test', { baseUrl, username: '9876543210', token: TOKEN });
  await call('auth:save', { baseUrl, username: '9876543210', token: TOKEN });
  await call('balance:refresh', {});
  const submitted = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
  answers.push(JSON.stringify(submitted));
  const refId = submitted.txn.refId;
  await call('txn:check', { refId });
  await until(async () => (await h.ok('txn:get', { refId })).txn.lastError !== null, 5000, 'the failed check to be recorded');
  await call('complaint:create', { refId, reason: 'Recharge not received' });
  for (const channel of ['txn:get', 'txn:open', 'auth:status', 'settings:get', 'balance:get', 'complaint:list'])
    await call(channel, channel === 'txn:get' ? { refId } : {});
  await call('txn:history', { limit: 50 });
});

afterAll(async () => {
  await h?.dispose();
  await new Promise<void>((r) => provider.close(() => r()));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const forms = () => Object.entries(ENCODINGS).map(([name, encode]) => [name, encode(TOKEN)] as const);

describe('a provider that echoes the token', () => {
  it('really did echo it, and the app kept its words (the test is not vacuous)', () => {
    const everything = answers.join('\n');
    expect(everything).toContain('Accepted query');
    expect(everything).toContain('Invalid request: query');
    expect(everything).toContain('Cannot complain: query');
  });

  it('leaves no trace of the token in any IPC answer', () => {
    const everything = answers.join('\n');
    for (const [name, form] of forms()) expect(everything.includes(form), name).toBe(false);
  });

  it('leaves no trace of the token in any emitted event', () => {
    const everything = JSON.stringify(h.events);
    expect(everything).toContain('Accepted query');
    for (const [name, form] of forms()) expect(everything.includes(form), name).toBe(false);
  });

  it('leaves no trace of the token in the ledger, its WAL or any other file but the vault', () => {
    const files = filesUnder(h.dataDir).filter((f) => !f.endsWith('token.secret'));
    expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
    const texts = files.map((f) => [f, readFileSync(f)] as const);
    expect(texts.some(([, bytes]) => bytes.includes('Accepted query'))).toBe(true);
    for (const [file, bytes] of texts)
      for (const [name, form] of forms()) expect(bytes.includes(Buffer.from(form, 'utf8')), `${name} in ${file}`).toBe(false);
  });
});
