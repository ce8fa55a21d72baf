import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import memberPin from '../../../fixtures/profile-v2-member-pin.json';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';

// Issue 36 item 1: a version 2 profile declares its own credentials. Settings keeps exactly those,
// the secrets only in the vault, and no secret reaches a log line, a diagnostics file, a move file
// or the settings on disk, even when the provider echoes them back.
const MEMBER = 'SHOP4417';
const PASSWORD = 'Qz7#wx9';
const PIN = '482913';

const profileText = (edit: (p: Record<string, unknown>) => void = () => {}) => {
  const p = structuredClone(memberPin) as Record<string, unknown>;
  edit(p);
  return JSON.stringify(p);
};

/** Every file under a folder, as bytes read as Latin-1 (a secret in any file shows up). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let h: TestHarness | null = null;
let provider: Server | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await h?.dispose();
  h = null;
  await new Promise((r) => (provider ? provider.close(r) : r(null)));
  provider = null;
  dirs.splice(0).forEach(removeTempDir);
});

/** A provider speaking the fixture's dialect that echoes the member's secrets in every reply. */
async function echoingProvider(): Promise<string> {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const ref = new URLSearchParams(body).get('yourId') ?? '';
      const said = `member ${MEMBER} password ${PASSWORD} pin ${PIN}`;
      if (req.url?.includes('/recharge')) return res.end(`Success#T1#Pending##${ref}#100#Accepted for ${said}#1`);
      res.end(`Error#999#Failure####Invalid request for ${said}`);
    });
  });
  await new Promise<void>((r) => provider!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
}

describe('credentials declared by a version 2 profile', () => {
  it('asks for exactly its fields, refuses a bad PIN in words, and keeps every secret out of every file but the vault', async () => {
    const baseUrl = await echoingProvider();
    const dataDir = makeTempDir('cred-data');
    dirs.push(dataDir);
    h = await openHarness({ acceptWeakTokenProtection: true, keepDir: dataDir });
    await h.ok('profile:use', { text: profileText() });
    const fresh = await h.ok('auth:status');
    expect(fresh.fields.map((f) => [f.name, f.secret])).toEqual([
      ['member_id', false],
      ['password', true],
      ['pin', true],
    ]);

    const bad = await h.call('auth:save', { baseUrl, credentials: { member_id: MEMBER, password: PASSWORD, pin: '48a913' } });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'credential_invalid', params: { label: { en: 'Transaction PIN' }, problem: 'chars' } },
    });
    const short = await h.call('auth:save', { baseUrl, credentials: { member_id: MEMBER, password: 'abc', pin: PIN } });
    expect(short).toMatchObject({ ok: false, error: { params: { label: { en: 'Password' }, problem: 'length', min: 4, max: 7 } } });
    expect((await h.ok('auth:status')).mode).toBe('demo');

    await h.ok('auth:save', { baseUrl, credentials: { member_id: MEMBER, password: PASSWORD, pin: PIN } });
    const saved = await h.ok('auth:status');
    expect(saved).toMatchObject({ mode: 'live', configured: true, token: 'saved', values: { member_id: MEMBER } });
    expect(JSON.stringify(saved)).not.toContain(PIN);

    // The provider echoes the secrets into a reply the app keeps, shows and logs.
    const submitted = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    await until(
      async () => (await h!.ok('txn:get', { refId: submitted.txn.refId })).txn.message?.includes('Accepted for') ?? false,
      5000,
      'the reply to be kept',
    );
    const diagnostics = await h.ok('app:saveDiagnostics');
    const usb = makeTempDir('cred-usb');
    dirs.push(usb);
    const moved = await h.ok('backup:export', { folder: usb });
    await h.dispose();
    h = null;

    const files = [...filesUnder(dataDir).filter((f) => !f.endsWith('.secret')), diagnostics.path!, moved.path];
    const bytes = files.map((f) => [f, readFileSync(f).toString('latin1')] as const);
    // Not vacuous: the echo was kept (log, ledger), and the member id sits beside the settings.
    expect(bytes.some(([f, b]) => f.includes('logs') && b.includes('Accepted for member'))).toBe(true);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toContain(MEMBER);
    for (const [file, text] of bytes) {
      expect(text.includes(PASSWORD), `the password in ${file}`).toBe(false);
      expect(text.includes(PIN), `the PIN in ${file}`).toBe(false);
    }
    // The vault holds them.
    expect(readFileSync(join(dataDir, 'token.secret'), 'utf8')).toContain(PIN);
  }, 60_000);

  it('a new version of the profile that moves a host drops the secrets typed for it, and says why', async () => {
    const hosts = (statusUrl: string) => (p: Record<string, unknown>) => {
      p['hosts'] = {
        main: { label: { en: 'Provider API address', hi: 'प्रोवाइडर API पता' } },
        status: { label: { en: 'Status server', hi: 'स्टेटस सर्वर' }, url: statusUrl },
      };
    };
    const baseUrl = await echoingProvider();
    h = await openHarness({ acceptWeakTokenProtection: true });
    await h.ok('profile:use', { text: profileText(hosts('https://status.example.com')) });
    await h.ok('auth:save', { baseUrl, credentials: { member_id: MEMBER, password: PASSWORD, pin: PIN } });
    expect((await h.ok('auth:status')).token).toBe('saved');

    // The same address again in a new version: the secrets stay.
    await h.ok('profile:use', { text: profileText((p) => (hosts('https://status.example.com')(p), (p['version'] = 2))) });
    expect((await h.ok('auth:status')).token).toBe('saved');

    await h.ok('profile:use', { text: profileText((p) => (hosts('https://status2.example.com')(p), (p['version'] = 3))) });
    const after = await h.ok('auth:status');
    expect(after).toMatchObject({ mode: 'live', configured: false, token: 'none', dropped: { en: 'Status server' } });
    expect(existsSync(join(h.dataDir, 'token.secret'))).toBe(false);
    expect(JSON.stringify(h.events)).toContain('credentials_host_changed');

    // Typed again, for the new address: kept, and the notice is gone.
    await h.ok('auth:save', { baseUrl, credentials: { member_id: MEMBER, password: PASSWORD, pin: PIN } });
    expect(await h.ok('auth:status')).toMatchObject({ token: 'saved', dropped: null });
  }, 60_000);

  it('switching the account to a profile with other credentials sends the old token nowhere and asks for the new ones', async () => {
    const baseUrl = await echoingProvider();
    h = await openHarness({ acceptWeakTokenProtection: true });
    await h.ok('auth:save', { baseUrl, username: '9876543210', token: 'old-token-123456' });
    expect((await h.ok('auth:status')).token).toBe('saved');
    await h.ok('profile:use', { text: profileText() });
    const status = await h.ok('auth:status');
    expect(status).toMatchObject({ configured: false, token: 'none' });
    const kept = await h.call('auth:save', { baseUrl, credentials: { member_id: MEMBER, password: '', pin: '' } });
    expect(kept).toMatchObject({
      ok: false,
      error: { code: 'credential_invalid', params: { label: { en: 'Password' }, problem: 'missing' } },
    });
  }, 60_000);
});
