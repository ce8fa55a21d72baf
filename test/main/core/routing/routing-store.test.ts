import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonFileSettingsStore } from '../../../../src/main/adapters/json-file-settings-store';
import { RoutingStore } from '../../../../src/main/core/routing/routing-store';
import { accountVaults } from '../../../../src/main/core/routing/account-vaults';
import { MemoryVault } from '../../../../src/main/core/vault/secret-vault';
import { OPERATORS } from '../../../../src/shared/operators';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import type { Outcome } from '../../../../src/shared/outcomes/outcome-registry';
import type { RoutingRules } from '../../../../src/shared/routing/routing-schema';
import { tempDir } from '../../../support/temp-dir';
import { libraryEngine } from '../../../../src/shared/profiles/library/library-profiles';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';

const settings = settingsSchema.parse({
  version: 1,
  installPrefix: 'AB12',
  mode: 'live',
  provider: { baseUrl: 'https://main.example', username: '9000000001' },
});

/** Two accounts: every operator to the first, Jio from ₹199 to ₹999 to the second first. */
function twoAccounts(edit: (r: RoutingRules) => void = () => {}): RoutingRules {
  const rules: RoutingRules = {
    version: 1,
    enabled: true,
    maxAttemptsPerSale: 2,
    pauseAfterFailures: 5,
    accounts: [
      { id: 'main', name: 'Main Provider', profile: 'document', baseUrl: '', username: '', paused: false },
      {
        id: 'cheap',
        name: 'Cheap Provider',
        profile: 'hash-text',
        baseUrl: 'https://cheap.example',
        username: '90000 00002',
        paused: false,
      },
    ],
    routes: Object.fromEntries(OPERATORS.map((o) => [o.code, [{ account: 'main' }]])),
  };
  rules.routes['JIO'] = [{ account: 'cheap', amounts: { kind: 'range', min: 199, max: 999 }, dailyCapRupees: 5000 }, { account: 'main' }];
  edit(rules);
  return rules;
}

function open(dir: string) {
  const notices: Outcome[] = [];
  const vaults = accountVaults(new MemoryVault(), () => new MemoryVault());
  const store = new RoutingStore({
    file: new JsonFileSettingsStore(join(dir, 'routing.json')),
    settings: () => settings,
    profileOf: (id) => {
      if (id === 'joloapi') return libraryEngine(id).profile;
      return id === 'document' || id === 'hash-text' ? builtinEngine(id).profile : null;
    },
    vaultFor: (id) => vaults.vaultFor(id),
    mayKeepToken: async () => {},
    now: () => 1_764_000_000_000,
    notices: { add: (_level, o) => notices.push(o), clear: () => {} },
  });
  return { store, notices, vaults };
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { outcome: Outcome }).outcome;
  }
  throw new Error('not refused');
};

describe('routing.json', () => {
  it('with no file the one account of Settings decides, routing off, and nothing is written', () => {
    const dir = tempDir('routing');
    const { store, notices } = open(dir);
    const rules = store.rules();
    expect(rules.enabled).toBe(false);
    expect(rules.accounts).toEqual([
      { id: 'main', name: 'main.example', profile: 'document', baseUrl: 'https://main.example', username: '9000000001', paused: false },
    ]);
    expect(Object.keys(rules.routes).sort()).toEqual(OPERATORS.map((o) => o.code).sort());
    expect(store.view().state).toBe('none');
    expect(notices).toEqual([]);
    expect(existsSync(join(dir, 'routing.json'))).toBe(false);
  });

  it('good rules are saved, tell the session, and are read back at the next start; the first account keeps Settings’ address', () => {
    const dir = tempDir('routing');
    const { store } = open(dir);
    let told = 0;
    store.onChange(() => told++);
    store.save(twoAccounts());
    expect(told).toBe(1);
    const again = open(dir).store;
    expect(again.view().state).toBe('saved');
    const rules = again.rules();
    expect(rules.enabled).toBe(true);
    expect(rules.accounts.map((a) => [a.id, a.baseUrl, a.username])).toEqual([
      ['main', 'https://main.example', '9000000001'],
      // As Settings would keep it: the grouped mobile number without its space.
      ['cheap', 'https://cheap.example', '9000000002'],
    ]);
    expect(rules.routes['JIO']?.[0]).toEqual({ account: 'cheap', amounts: { kind: 'range', min: 199, max: 999 }, dailyCapRupees: 5000 });
  });

  it('bad rules are refused with every fault named in words and nothing is written', () => {
    const dir = tempDir('routing');
    const { store } = open(dir);
    const bad = twoAccounts((r) => {
      r.routes['AT'] = [];
      r.routes['JIO'] = [
        { account: 'cheap', amounts: { kind: 'range', min: 199, max: 499 } },
        { account: 'cheap', amounts: { kind: 'list', amounts: [299] }, dailyCapRupees: -1 },
      ];
      r.accounts[1] = { ...r.accounts[1]!, baseUrl: 'http://cheap.example', username: '12', profile: 'gone' };
    });
    const o = refusal(() => store.save(bad));
    expect(o.code).toBe('routing_refused');
    const words = outcomeText('en', o);
    for (const part of [
      'no account takes Airtel recharges',
      '“Cheap Provider” is listed twice for Jio with amounts that overlap (both take ₹299)',
      'the daily limit of “Cheap Provider” for Jio is below zero',
      'the address of “Cheap Provider” does not start with https://',
      'the username of “Cheap Provider” is not a 10-digit mobile number',
      'the provider profile of “Cheap Provider” is not on this computer',
    ])
      expect(words).toContain(part);
    expect(outcomeText('hi', o)).toContain('“Cheap Provider” का पता https:// से शुरू नहीं होता');
    expect(existsSync(join(dir, 'routing.json'))).toBe(false);
    expect(store.rules().enabled).toBe(false);
  });

  it('a damaged file keeps routing off with a notice, a copy kept, and the last good rules offered to correct', () => {
    const dir = tempDir('routing');
    const first = open(dir).store;
    first.save(twoAccounts((r) => (r.maxAttemptsPerSale = 3)));
    first.save(twoAccounts());
    writeFileSync(join(dir, 'routing.json'), '{"version": 1, "accounts": [');
    const { store, notices } = open(dir);
    expect(store.rules().enabled).toBe(false);
    expect(store.rules().accounts.map((a) => a.id)).toEqual(['main']);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ code: 'routing_set_aside', params: { why: 'damaged' } });
    expect(outcomeText('en', notices[0]!)).toContain('Routing is off: every recharge goes to the account of Settings');
    expect(readdirSync(dir).some((f) => f.startsWith('routing.json.bad-'))).toBe(true);
    const view = store.view();
    expect(view.state).toBe('set_aside');
    // What the owner corrects from: the copy before the last write, with routing off.
    expect(view.rules).toMatchObject({ enabled: false, maxAttemptsPerSale: 3 });
    expect(view.rules.accounts.map((a) => a.id)).toEqual(['main', 'cheap']);
  });

  it('rules that parse but are refused now (a profile gone) are set aside, with why', () => {
    const dir = tempDir('routing');
    const rules = twoAccounts((r) => (r.accounts[1]!.profile = 'gone-now'));
    writeFileSync(join(dir, 'routing.json'), JSON.stringify(rules));
    const { store, notices } = open(dir);
    expect(store.rules().enabled).toBe(false);
    expect(notices[0]).toMatchObject({ code: 'routing_set_aside', params: { why: 'refused' } });
    expect(store.view().problem).toMatchObject({ code: 'routing_refused', params: { faults: [{ fault: 'account_profile_missing' }] } });
  });

  it('each account’s token goes to its own vault key, is never in the file, and resume counts from now', async () => {
    const dir = tempDir('routing');
    const { store, vaults } = open(dir);
    store.save(twoAccounts((r) => (r.accounts[1]!.paused = true)));
    const view = await store.setToken('cheap', { token: '  cheap-token-123 ' });
    expect(view.tokens).toEqual({ main: 'none', cheap: 'saved' });
    expect(vaults.vaultFor('cheap').read()).toEqual({ kind: 'saved', token: 'cheap-token-123' });
    expect(vaults.vaultFor('main').read()).toEqual({ kind: 'none' });
    expect(JSON.stringify(view)).not.toContain('cheap-token-123');
    expect(readFileSync(join(dir, 'routing.json'), 'utf8')).not.toContain('cheap-token-123');
    await expect(store.setToken('nobody', { token: 'some-token-1' })).rejects.toMatchObject({ outcome: { code: 'routing_refused' } });
    const resumed = store.resume('cheap').rules.accounts[1];
    expect(resumed).toMatchObject({ id: 'cheap', paused: false, resumedAt: 1_764_000_000_000 });
  });
});

describe('an account’s secrets are sent only to the host and name they were typed for (issue 36)', () => {
  const SECRET = 'cheap-token-123';
  const withToken = async (edit?: (r: RoutingRules) => void) => {
    const h = open(tempDir('routing'));
    h.store.save(twoAccounts(edit));
    await h.store.setToken('cheap', { token: SECRET });
    return h;
  };
  const moved: [string, (a: RoutingRules['accounts'][number]) => void][] = [
    ['its address', (a) => (a.baseUrl = 'https://attacker.example')],
    ['its username', (a) => (a.username = '9000000009')],
    ['its profile', (a) => (a.profile = 'document')],
  ];

  it.each(moved)('routing:save that changes %s drops the token: nothing is sent until it is typed again', async (_what, change) => {
    const { store, vaults } = await withToken();
    store.save(twoAccounts((r) => change(r.accounts[1]!)));
    expect(store.view().tokens['cheap']).toBe('none');
    expect(vaults.vaultFor('cheap').read()).toEqual({ kind: 'none' });
    expect(store.credentials(store.rules().accounts[1]!)).toBeNull();
  });

  it('a move file that swaps the spare’s host drops its token too', async () => {
    const { store, vaults } = await withToken();
    const swapped = twoAccounts((r) => (r.accounts[1]!.baseUrl = 'https://attacker.example'));
    expect(store.keepCarried(JSON.stringify(swapped))).toBeNull();
    expect(store.rules().accounts[1]?.baseUrl).toBe('https://attacker.example');
    expect(vaults.vaultFor('cheap').read()).toEqual({ kind: 'none' });
  });

  it('a save that keeps the address and username (a paused switch, a route) keeps the token', async () => {
    const { store } = await withToken();
    store.save(twoAccounts((r) => (r.accounts[1]!.paused = true)));
    expect(store.view().tokens['cheap']).toBe('saved');
    expect(store.credentials(store.rules().accounts[1]!)).toEqual({
      baseUrl: 'https://cheap.example',
      values: { username: '9000000002', token: SECRET },
      secrets: [SECRET],
    });
  });

  const jolo = (r: RoutingRules, userId = 'shop42') =>
    (r.accounts[1] = { ...r.accounts[1]!, profile: 'joloapi', baseUrl: '', username: userId, values: {} });

  it('a version 2 account is asked, checked and kept by its own profile’s fields and hosts', async () => {
    const { store, vaults } = open(tempDir('routing'));
    const o = refusal(() => store.save(twoAccounts((r) => jolo(r, 'not an id!'))));
    expect(o).toMatchObject({
      code: 'routing_refused',
      params: { faults: [{ fault: 'account_invalid_credential', account: 'Cheap Provider' }] },
    });
    expect(outcomeText('hi', o)).toContain('प्रोवाइडर प्रोफ़ाइल माँगती है');
    const view = store.save(twoAccounts((r) => jolo(r)));
    expect(view.accounts['cheap']).toMatchObject({
      fields: [
        { name: 'username', label: { en: 'JOLO user ID' } },
        { name: 'token', secret: true },
      ],
      hosts: [{ label: { en: 'JOLO API' }, address: 'https://joloapi.com' }],
    });
    await expect(store.setToken('cheap', { credentials: { token: 'short' } })).rejects.toMatchObject({
      outcome: { code: 'credential_invalid', params: { problem: 'length' } },
    });
    await store.setToken('cheap', { credentials: { token: 'joloKey12345' } });
    expect(store.view().tokens['cheap']).toBe('saved');
    expect(store.credentials(store.rules().accounts[1]!)).toMatchObject({
      values: { username: 'shop42', token: 'joloKey12345' },
      secrets: ['joloKey12345'],
    });
    expect(vaults.secrets()).toContain('joloKey12345');
    store.save(twoAccounts((r) => jolo(r, 'othershop')));
    expect(store.view().tokens['cheap']).toBe('none');
  });
});
