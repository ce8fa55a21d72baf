import Database from 'better-sqlite3';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { OPERATORS } from '../../../../src/shared/operators';
import type { RoutingRules } from '../../../../src/shared/routing/routing-schema';
import { tempDir } from '../../../support/temp-dir';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';

// Issue 29: the owner's side of several provider accounts, through the real core and its IPC.
const open: TestHarness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.dispose();
});
const start = async (keepDir?: string) => {
  const h = await openHarness({ acceptWeakTokenProtection: true, keepDir });
  open.push(h);
  return h;
};

function withSpare(rules: RoutingRules): RoutingRules {
  return {
    ...rules,
    enabled: true,
    accounts: [
      ...rules.accounts,
      {
        id: 'spare',
        name: 'Spare Provider',
        profile: 'hash-text',
        baseUrl: 'https://spare.example',
        username: '9000000002',
        paused: false,
      },
    ],
    routes: {
      ...Object.fromEntries(OPERATORS.map((o) => [o.code, [{ account: 'main' }]])),
      JIO: [{ account: 'spare' }, { account: 'main' }],
    },
  };
}

const TOKEN = 'spare-secret-token-42';

describe('routing:* channels', () => {
  it('are the owner’s: staff cannot read, save, resume or set a token, and nothing changes', async () => {
    const h = await start();
    const rules = withSpare((await h.ok('routing:get')).rules);
    await h.ok('routing:save', { rules });
    await h.ok('lock:setPin', { pin: '2468' });
    await h.ok('lock:lock');
    for (const [channel, payload] of [
      ['routing:get', {}],
      ['routing:save', { rules: { ...rules, enabled: false } }],
      ['routing:resume', { account: 'spare' }],
      ['routing:setToken', { account: 'spare', token: TOKEN }],
    ] as const)
      expect(await h.callRaw(channel, payload), channel).toMatchObject({ ok: false, error: { code: 'owner_only' } });
    await h.ok('lock:unlock', { pin: '2468' });
    const view = await h.ok('routing:get');
    expect(view.rules.enabled).toBe(true);
    expect(view.tokens).toEqual({ main: 'none', spare: 'none' });
  });

  it('a token is kept under its account’s own key, never answered, never in routing.json or the log', async () => {
    const h = await start();
    await h.ok('routing:save', { rules: withSpare((await h.ok('routing:get')).rules) });
    // Every window hears it, whichever screen saved it: the header names the accounts again.
    expect(h.events.filter((e) => e.event === 'routing:changed')).toHaveLength(1);
    const view = await h.ok('routing:setToken', { account: 'spare', token: TOKEN });
    expect(h.events.filter((e) => e.event === 'routing:changed')).toHaveLength(2);
    expect(view.tokens).toEqual({ main: 'none', spare: 'saved' });
    expect(JSON.stringify(view)).not.toContain(TOKEN);
    expect(readFileSync(join(h.dataDir, 'token.spare.secret'), 'utf8')).toBe(TOKEN);
    expect(readdirSync(h.dataDir)).not.toContain('token.secret');
    expect(readFileSync(join(h.dataDir, 'routing.json'), 'utf8')).not.toContain(TOKEN);
  });

  it('a save that moves the spare to another address drops its token from the vault: never sent there', async () => {
    const h = await start();
    const rules = withSpare((await h.ok('routing:get')).rules);
    await h.ok('routing:save', { rules });
    await h.ok('routing:setToken', { account: 'spare', token: TOKEN });
    const spare = { ...rules.accounts[1]!, baseUrl: 'https://attacker.example' };
    const view = await h.ok('routing:save', { rules: { ...rules, accounts: [rules.accounts[0]!, spare] } });
    expect(view.tokens).toEqual({ main: 'none', spare: 'none' });
    expect(readdirSync(h.dataDir)).not.toContain('token.spare.secret');
  });

  it('bad rules answer routing_refused and leave routing.json as it was', async () => {
    const h = await start();
    const good = withSpare((await h.ok('routing:get')).rules);
    await h.ok('routing:save', { rules: good });
    const before = readFileSync(join(h.dataDir, 'routing.json'), 'utf8');
    const r = await h.call('routing:save', { rules: { ...good, routes: { ...good.routes, JIO: [{ account: 'nobody' }] } } });
    expect(r).toMatchObject({ ok: false, error: { code: 'routing_refused', params: { faults: [{ fault: 'unknown_account' }] } } });
    const shape = await h.call('routing:save', { rules: { ...good, maxAttemptsPerSale: 9 } });
    expect(shape).toMatchObject({ ok: false, error: { code: 'routing_unreadable', params: { where: 'maxAttemptsPerSale' } } });
    expect(readFileSync(join(h.dataDir, 'routing.json'), 'utf8')).toBe(before);
  });
});

describe('a routing.json that cannot be used', () => {
  it('keeps routing off at start, says so on the notice bar, and keeps a copy; a good save clears the notice', async () => {
    const dir = tempDir('routing-damaged');
    writeFileSync(join(dir, 'routing.json'), '{"version": 1, "enabled": tr');
    const h = await start(dir);
    const notices = (await h.ok('app:notices')).items.filter((n) => n.outcome.code === 'routing_set_aside');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning', outcome: { params: { why: 'damaged' } } });
    expect(readdirSync(dir).some((f) => f.startsWith('routing.json.bad-'))).toBe(true);
    const view = await h.ok('routing:get');
    expect(view).toMatchObject({ state: 'set_aside', problem: { code: 'routing_unreadable' }, rules: { enabled: false } });
    await h.ok('routing:save', { rules: withSpare(view.rules) });
    expect((await h.ok('app:notices')).items.filter((n) => n.outcome.code === 'routing_set_aside')).toEqual([]);
  });
});

describe('backups and the move file carry the routing rules, never a token', () => {
  it('a move file brings routing.json to the new PC; the tokens stay behind', async () => {
    const old = await start();
    await old.ok('routing:save', { rules: withSpare((await old.ok('routing:get')).rules) });
    await old.ok('routing:setToken', { account: 'spare', token: TOKEN });
    await old.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    const exported = await old.ok('backup:export', { folder: tempDir('routing-usb') });

    const db = new Database(exported.path, { readonly: true });
    const manifest = z.string().parse(db.prepare("SELECT value FROM backup_meta WHERE key = 'manifest'").pluck().get());
    db.close();
    expect(manifest).not.toContain(TOKEN);
    const carried = z.object({ routing: z.string() }).loose().parse(JSON.parse(manifest));
    expect(JSON.parse(carried.routing)).toMatchObject({ enabled: true, accounts: [{ id: 'main' }, { id: 'spare' }] });

    const pc = await start();
    expect((await pc.ok('routing:get')).state).toBe('none');
    // The accounts it would add are shown first, and nothing is kept until the owner confirms.
    const asked = await pc.call('backup:import', { path: exported.path });
    expect(asked).toMatchObject({
      ok: false,
      error: { code: 'move_account_confirm', params: { routing: [{ account: 'Spare Provider', what: 'added' }, { what: 'routes' }] } },
    });
    expect((await pc.ok('routing:get')).state).toBe('none');
    await pc.ok('backup:import', { path: exported.path, confirmAccount: true });
    const view = await pc.ok('routing:get');
    expect(view.state).toBe('saved');
    expect(view.rules.accounts.map((a) => a.name)).toEqual(['main', 'Spare Provider']);
    expect(view.rules.routes['JIO']).toEqual([{ account: 'spare' }, { account: 'main' }]);
    expect(view.tokens).toEqual({ main: 'none', spare: 'none' });
  });

  it('a move file that swaps the spare’s host is shown side by side and kept only once confirmed; the token is then dropped', async () => {
    const old = await start();
    const rules = withSpare((await old.ok('routing:get')).rules);
    const swapped = { ...rules, accounts: [rules.accounts[0]!, { ...rules.accounts[1]!, baseUrl: 'https://attacker.example' }] };
    await old.ok('routing:save', { rules: swapped });
    await old.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    const exported = await old.ok('backup:export', { folder: tempDir('routing-usb') });

    const pc = await start();
    await pc.ok('routing:save', { rules });
    await pc.ok('routing:setToken', { account: 'spare', token: TOKEN });
    const asked = await pc.call('backup:import', { path: exported.path });
    expect(asked).toMatchObject({
      ok: false,
      error: {
        code: 'move_account_confirm',
        params: {
          routing: [{ account: 'Spare Provider', what: 'address', before: 'https://spare.example', after: 'https://attacker.example' }],
        },
      },
    });
    // Nothing changed yet: the spare is where it was, with its token.
    expect(await pc.ok('routing:get')).toMatchObject({
      rules: { accounts: [{}, { baseUrl: 'https://spare.example' }] },
      tokens: { spare: 'saved' },
    });
    await pc.ok('backup:import', { path: exported.path, confirmAccount: true });
    expect(await pc.ok('routing:get')).toMatchObject({
      rules: { accounts: [{}, { baseUrl: 'https://attacker.example' }] },
      tokens: { spare: 'none' },
    });
  });

  it('the automatic backups carry it too', async () => {
    const dir = tempDir('routing-backup');
    const h = await start(dir);
    await h.ok('routing:save', { rules: withSpare((await h.ok('routing:get')).rules) });
    await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    await h.ok('backup:run');
    const [latest] = (await h.ok('backup:list')).items;
    const db = new Database(latest!.path, { readonly: true });
    const manifest = z.string().parse(db.prepare("SELECT value FROM backup_meta WHERE key = 'manifest'").pluck().get());
    db.close();
    expect(JSON.parse(z.object({ routing: z.string() }).loose().parse(JSON.parse(manifest)).routing)).toMatchObject({
      accounts: [{ id: 'main' }, { id: 'spare' }],
    });
  });
});

describe('the rules saved in Settings are the ones the counter routes by', () => {
  it('a saved route sends Jio ₹239 to the second account; paused, to the first; resumed, back; and so after a restart', async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const spare = await testSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text' });
    const dir = tempDir('routing-live');
    let h = await start(dir);
    await saveSandboxAccount(h, main);
    const rules: RoutingRules = {
      ...(await h.ok('routing:get')).rules,
      enabled: true,
      accounts: [
        ...(await h.ok('routing:get')).rules.accounts,
        { id: 'spare', name: 'Spare Provider', profile: 'hash-text', baseUrl: spare.url, username: '9000000002', paused: false },
      ],
    };
    rules.routes['JIO'] = [{ account: 'spare', amounts: { kind: 'range', min: 199, max: 999 } }, { account: 'main' }];
    await h.ok('routing:save', { rules });
    // No token yet: the account cannot be sent to, so the first account takes it.
    expect(await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).toMatchObject({ enabled: true, chosen: 'main' });
    await h.ok('routing:setToken', { account: 'spare', token: spare.credentials.token });
    // Its wallet is read as soon as its token is kept; until then it counts as not answering.
    await until(
      async () => ((await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).chosen === 'spare' ? true : undefined),
      5000,
      'spare chosen',
    );
    // Outside the second account's range: the first account's.
    expect(await h.ok('recharge:route', { operator: 'JIO', amount: 1099 })).toMatchObject({ chosen: 'main' });

    const sent = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(sent.txn.accountId).toBe('spare');
    expect(spare.admin.transactions().total).toBe(1);
    expect(main.admin.transactions().total).toBe(0);

    const paused = (await h.ok('routing:get')).rules;
    await h.ok('routing:save', {
      rules: { ...paused, accounts: paused.accounts.map((a) => (a.id === 'spare' ? { ...a, paused: true } : a)) },
    });
    expect(await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).toMatchObject({ chosen: 'main' });
    await h.ok('routing:resume', { account: 'spare' });
    await until(
      async () => ((await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).chosen === 'spare' ? true : undefined),
      5000,
      'resumed',
    );

    await h.dispose();
    open.splice(open.indexOf(h), 1);
    h = await start(dir);
    await until(
      async () => ((await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).chosen === 'spare' ? true : undefined),
      5000,
      'after restart',
    );

    // One failure pauses it by itself: Settings says so, the owner resumes it, and it is chosen again.
    await h.ok('settings:update', { poller: { firstCheckSeconds: 1 } });
    const strict = (await h.ok('routing:get')).rules;
    expect((await h.ok('routing:save', { rules: { ...strict, pauseAfterFailures: 1 } })).pausedBy).toEqual({});
    const failed = await h.ok('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 239 });
    expect(failed.txn.accountId).toBe('spare');
    await until(async () => ((await h.ok('routing:get')).pausedBy['spare'] === 'failures' ? true : undefined), 8000, 'paused by itself');
    // Told once the status check has confirmed the failure (a first Failure word is not enough).
    await until(async () => (await h.ok('app:notices')).items.some((n) => n.outcome.code === 'account_paused'), 8000, 'the notice');
    expect((await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).steps[0]).toMatchObject({
      account: 'spare',
      skipped: 'paused_failures',
    });
    expect((await h.ok('routing:resume', { account: 'spare' })).pausedBy['spare']).toBeUndefined();
    // The owner dealt with it: its alarm goes with the pause (issue 40), not left to be dismissed.
    expect((await h.ok('app:notices')).items.map((n) => n.outcome.code)).not.toContain('account_paused');
    expect((await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).chosen).toBe('spare');
  });
});

describe('a second account added, its token typed (issue 40)', () => {
  it('is not called paused while it waits for its token; a wrong token pauses it and says so; the right one takes the alarm away', async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const spare = await testSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text' });
    const h = await start();
    await saveSandboxAccount(h, main);
    const base = (await h.ok('routing:get')).rules;
    const rules: RoutingRules = {
      ...base,
      enabled: true,
      accounts: [
        ...base.accounts,
        { id: 'spare', name: 'Spare Provider', profile: 'hash-text', baseUrl: spare.url, username: '9000000002', paused: false },
      ],
    };
    rules.routes['JIO'] = [{ account: 'spare' }, { account: 'main' }];
    const paused = async () => (await h.ok('app:notices')).items.filter((n) => n.outcome.code === 'account_paused');
    expect((await h.ok('routing:save', { rules })).pausedBy).toEqual({});
    await h.ok('balance:accounts', { refresh: true });
    // Waiting for its token is not a pause: no alarm, and Settings offers no Resume.
    expect(await paused()).toEqual([]);
    expect((await h.ok('routing:get')).pausedBy).toEqual({});

    // A token the provider refuses: its wallet cannot be read, it pauses itself and the owner is told.
    await h.ok('routing:setToken', { account: 'spare', token: 'not-the-spare-token' });
    await until(async () => ((await paused()).length === 1 ? true : undefined), 5000, 'the pause told');
    expect((await h.ok('routing:get')).pausedBy).toEqual({ spare: 'balance_check' });

    // The right token: its wallet answers, so the pause and its alarm go without a Resume.
    await h.ok('routing:setToken', { account: 'spare', token: spare.credentials.token });
    await until(async () => ((await paused()).length === 0 ? true : undefined), 5000, 'the alarm taken back');
    expect((await h.ok('routing:get')).pausedBy).toEqual({});
    expect(await h.ok('recharge:route', { operator: 'JIO', amount: 239 })).toMatchObject({ chosen: 'spare' });
  });
});
