import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import hashText from '../../../../src/shared/profiles/builtin/hash-text.json';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { readOnBench } from '../../../../src/shared/profiles/profile-problems';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';

// Issue 36 item 9: the owner's profile workbench. A pasted profile is read with every problem on
// its line; nothing is saved until it reads, its hosts are confirmed and, with an account in, the
// connection test through it passes (a real sandbox speaking hash-text, the core through its IPC).
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const MAIN = { main: null };
const theirs = (edit: (p: Record<string, unknown>) => void = () => {}) => {
  const p = { ...structuredClone(hashText), id: 'my-provider', name: 'My Provider' } as Record<string, unknown>;
  edit(p);
  return JSON.stringify(p, null, 2);
};
/** hash-text said in version 2, with its status check on a host of its own. */
const twoHosts = (statusHost: string, version = 1) => {
  const p = structuredClone(builtinEngine('hash-text').profile) as unknown as Record<string, unknown> & {
    calls: { status: { host?: string } };
  };
  Object.assign(p, { id: 'two-hosts', name: 'Two Hosts', version });
  p['hosts'] = {
    api: { label: { en: 'Recharge API', hi: 'रिचार्ज API' }, url: 'https://api.example.in' },
    status: { label: { en: 'Status API', hi: 'स्टेटस API' }, url: statusHost },
  };
  p.calls.status.host = 'status';
  return JSON.stringify(p, null, 2);
};

describe('the profile workbench (owner)', () => {
  it('names each problem on its line, then shows samples and hosts; nothing is saved until the hosts are confirmed', async () => {
    const t = (h = await openHarness());
    const broken = theirs((p) => ((p['reference'] as Record<string, unknown>)['maxLength'] = 'twelve'));
    const r = await t.ok('profile:bench', { text: broken });
    const line = broken.split('\n').findIndex((l) => l.includes('"twelve"')) + 1;
    expect(r.problems).toMatchObject([
      { line, path: 'reference.maxLength', problem: { params: { kind: 'wrong_type', expected: 'number' } } },
    ]);
    expect(r.samples).toBeNull();

    const good = await t.ok('profile:bench', { text: theirs() });
    expect(good.problems).toEqual([]);
    expect(good.samples?.every((s) => s.read === s.expected)).toBe(true);
    expect(good.hosts).toEqual([
      { name: 'main', label: expect.any(Object), url: null, calls: ['recharge', 'status', 'balance', 'complaint'], changed: false },
    ]);
    expect(good.testNeeded).toBe(false);

    expect(await t.call('profile:use', { text: theirs() })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_ready', params: { missing: ['hosts'] } },
    });
    expect(await t.call('profile:use', { text: theirs(), hosts: { main: 'https://elsewhere.example' } })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_ready', params: { missing: ['hosts'] } },
    });
    expect((await t.ok('profile:list')).current.id).toBe('document');
    await t.ok('profile:use', { text: theirs(), hosts: MAIN });
    expect((await t.ok('profile:list')).current.id).toBe('my-provider');
  });

  it('a changed host of a saved profile is shown as changed, with the address it had', async () => {
    const t = (h = await openHarness());
    const first = twoHosts('https://status.example.in');
    const hosts = { api: 'https://api.example.in', status: 'https://status.example.in' };
    expect((await t.ok('profile:bench', { text: first })).hosts?.map((x) => [x.name, x.calls, x.changed])).toEqual([
      ['api', ['recharge', 'balance', 'complaint'], false],
      ['status', ['status'], false],
    ]);
    await t.ok('profile:use', { text: first, hosts });
    const moved = await t.ok('profile:bench', { text: twoHosts('https://check.example.net', 2) });
    expect(moved.hosts?.find((x) => x.name === 'status')).toMatchObject({
      url: 'https://check.example.net',
      was: 'https://status.example.in',
      changed: true,
    });
    expect(moved.hosts?.find((x) => x.name === 'api')).toMatchObject({ changed: false });
  });

  it('with an account in, the connection test goes through the pasted profile; a profile that cannot read the provider is not saved', async () => {
    const t = (h = await openHarness({ acceptWeakTokenProtection: true }));
    const sandbox = await testSandbox({ token: 'bench-token-123456', dialect: 'hash-text' });
    await saveSandboxAccount(t, sandbox);
    expect((await t.ok('profile:bench', { text: theirs() })).testNeeded).toBe(true);
    expect(await t.call('profile:use', { text: theirs(), hosts: MAIN })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_ready', params: { missing: ['test'] } },
    });
    // The test is not sent before the hosts are confirmed: the account's secret would go to them.
    expect(await t.call('profile:test', { text: theirs(), hosts: {} })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_ready', params: { missing: ['hosts'] } },
    });
    const wrongPath = theirs((p) => ((p['calls'] as { balance: { path: string } }).balance.path = '/no/such/path'));
    expect(await t.ok('profile:test', { text: wrongPath, hosts: MAIN })).toMatchObject({ ok: false });
    expect(await t.call('profile:use', { text: wrongPath, hosts: MAIN })).toMatchObject({
      ok: false,
      error: { params: { missing: ['test'] } },
    });
    expect(await t.ok('profile:test', { text: theirs(), hosts: MAIN })).toMatchObject({ ok: true });
    await t.ok('profile:use', { text: theirs(), hosts: MAIN });
    expect((await t.ok('profile:list')).current.id).toBe('my-provider');
  });

  it('exports the working profile with no credential value in it, even one written in as a constant', async () => {
    const t = (h = await openHarness({ acceptWeakTokenProtection: true }));
    const sandbox = await testSandbox({ token: 'export-token-98765', dialect: 'hash-text' });
    const { username, token } = sandbox.credentials;
    // An owner's old workaround: the token kept in the profile as a constant beside its placeholder.
    const withConstant = theirs((p) => {
      const balance = (p['calls'] as { balance: { params: Record<string, string> } }).balance;
      balance.params['pin'] = token;
      balance.params['member'] = `M-${username}`;
    });
    await t.ok('profile:use', { text: withConstant, hosts: MAIN });
    await saveSandboxAccount(t, sandbox);
    const out = await t.ok('profile:export', { id: 'my-provider' });
    const text = readFileSync(out.path ?? '', 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain(username);
    const balance = (JSON.parse(text) as { calls: { balance: { params: Record<string, string> } } }).calls.balance;
    expect(balance.params).toMatchObject({ pin: '{token}', member: 'M-{username}' });
    // Another shop pastes it: it is a profile the workbench reads without a problem.
    expect(readOnBench(text).problems).toEqual([]);
    const builtin = await t.ok('profile:export', { id: 'hash-text' });
    expect(readFileSync(builtin.path ?? '', 'utf8')).not.toContain(token);
  });
});
