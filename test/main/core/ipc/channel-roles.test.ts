import { describe, expect, it } from 'vitest';
import { createRouter, type Handlers } from '../../../../src/main/core/ipc/router';
import { roleGate } from '../../../../src/main/core/ipc/role-gate';
import { CHANNEL_ROLES } from '../../../../src/main/core/ipc/channel-roles';
import { CHANNELS, contract, type Channel, type RequestOf } from '../../../../src/shared/ipc/contract';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import type { Role } from '../../../../src/shared/lock-schemas';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

// A valid request for every channel: typed over the whole contract, so a new channel without one
// does not compile, and each reaches the role check (a malformed one would stop at parsing).
const SAMPLE: { [C in Channel]: RequestOf<C> } = {
  'app:info': {},
  'app:update': {},
  'app:saveDiagnostics': {},
  'app:notices': {},
  'app:dismissNotice': { id: 'n1' },
  'app:practice': {},
  'app:restartToUpdate': {},
  'backup:status': {},
  'backup:run': {},
  'backup:setFolder': { path: '/media/usb' },
  'backup:list': {},
  'backup:restore': { path: '/tmp/b.db' },
  'backup:export': { folder: '/tmp' },
  'backup:import': { path: '/tmp/m.rdmove' },
  'recharge:submit': { number: '9876543210', operator: 'JIO', amount: 239 },
  'sale:unreceived': {},
  'sale:doubles': {},
  'sale:doubleChecked': { saleId: 'ABCD1234' },
  'sale:markReceived': { refId: 'ABCD1234' },
  'sale:toGiveBack': {},
  'sale:settle': { refId: 'ABCD1234', choice: 'given_back' },
  'sale:answerFix': { refId: 'ABCD1234', choice: 'collected' },
  'txn:history': {},
  'txn:get': { refId: 'R1' },
  'txn:open': {},
  'txn:check': { refId: 'R1' },
  'txn:lastForNumber': { number: '9876543210' },
  'txn:answerChange': { refId: 'R1' },
  'recharge:route': { operator: 'JIO', amount: 239 },
  'txn:attempts': { saleId: 'R1' },
  'balance:get': {},
  'balance:refresh': {},
  'balance:accounts': {},
  'complaint:create': { refId: 'R1', reason: 'not received' },
  'auth:status': {},
  'auth:save': { baseUrl: 'https://p.example', username: 'shop1' },
  'auth:clear': {},
  'auth:test': {},
  'settings:get': {},
  'settings:update': { lowBalanceRupees: 100 },
  'clipboard:write': { text: 'x' },
  'complaint:list': {},
  'report:summary': { from: '2026-11-01', to: '2026-11-23' },
  'report:wallet': { from: '2026-11-01', to: '2026-11-23' },
  'report:people': { day: '2026-11-23' },
  'report:export': { from: '2026-11-01', to: '2026-11-23', format: 'csv' },
  'receipt:get': { refId: 'R1', language: 'hi' },
  'receipt:print': { paper: '58mm', heightMm: 120 },
  'receipt:printers': {},
  'dayclose:get': { date: '2026-11-23' },
  // A recount: the day's first count is staff's (they count blind), a recount the owner's.
  'dayclose:close': { date: '2026-11-23', counted: 1000, recount: true },
  'dayclose:list': {},
  'lock:status': {},
  'lock:setPin': { pin: '2468' },
  'lock:unlock': { pin: '2468' },
  'lock:lock': {},
  'lock:touch': {},
  'lock:resetPin': { token: 'tok-12345678', pin: '1357' },
  'lock:addPerson': { name: 'Ravi', pin: '1357' },
  'lock:renamePerson': { person: 1, name: 'Ravi K' },
  'lock:resetPersonPin': { person: 1, pin: '1357' },
  'lock:removePerson': { person: 1 },
  'customer:get': { number: '9876543210' },
  'customer:save': { number: '9876543210', name: 'Ramesh' },
  'customer:find': { query: 'ram' },
  'customer:names': { numbers: ['9876543210'] },
  'customer:due': {},
  'customer:atCounter': { number: '9876543210' },
  'customer:validity': {},
  'customer:setValidity': { amount: 19900, days: 28 },
  'khata:get': { number: '9876543210' },
  'khata:pay': { number: '9876543210', rupees: 100, method: 'cash' },
  'khata:correct': { number: '9876543210', id: 1, refId: null, rupees: 50 },
  'khata:setLimit': { number: '9876543210', rupees: 500 },
  'khata:setLang': { number: '9876543210', lang: 'hi' },
  'khata:dues': {},
  'khata:reminder': { number: '9876543210' },
  'shop:status': {},
  'shop:configure': { url: '', tls: 'require', counterName: 'Front' },
  'shop:history': {},
  'shop:report': { from: 0, to: 86_400_000 },
  'shop:day': { date: '2026-11-23' },
  'profile:list': {},
  'profile:check': { text: '{}' },
  'profile:use': { id: 'document' },
  'profile:bench': { text: '{}' },
  'profile:test': { text: '{}', hosts: {} },
  'profile:export': { id: 'document' },
  'files:choose': { kind: 'folder' },
  'files:list': { folder: '/' },
  'routing:get': {},
  'routing:save': { rules: { version: 1, accounts: [], routes: {} } },
  'routing:resume': { account: 'spare' },
  'routing:setToken': { account: 'spare', token: 'tok-12345678' },
};

/** What the issue gives the owner alone: credentials, settings, the day's close, exports, backups, the PIN. */
const OWNER_ONLY = [
  'auth:save',
  'auth:clear',
  'auth:test',
  'settings:update',
  'dayclose:close',
  'report:export',
  'report:people',
  'backup:run',
  'backup:setFolder',
  'backup:restore',
  'backup:export',
  'backup:import',
  'lock:setPin',
  'lock:addPerson',
  'lock:renamePerson',
  'lock:resetPersonPin',
  'lock:removePerson',
  'customer:setValidity',
  'khata:setLimit',
  'shop:configure',
  'shop:day',
  'profile:check',
  'profile:use',
  'profile:bench',
  'profile:test',
  'profile:export',
  'files:choose',
  'files:list',
  'routing:get',
  'routing:save',
  'routing:resume',
  'routing:setToken',
  'sale:doubleChecked',
].sort();

const settings = settingsSchema.parse({ version: 1, installPrefix: 'AB12' });

function routerAs(role: Role) {
  const reached: string[] = [];
  const handlers = Object.fromEntries(
    CHANNELS.map((c) => [
      c,
      () => {
        reached.push(c);
        throw new Error('stop here: the role check let it through');
      },
    ]),
    // Every handler throws once reached: which were reached is what the test reads.
  ) as unknown as Handlers;
  const touches: number[] = [];
  const router = createRouter(
    handlers,
    roleGate({ role: () => role, person: () => null, touch: () => touches.push(1), nobodySignedIn: () => false }, () => settings),
  );
  return { router, reached, touches };
}

describe('channel roles', () => {
  it('has a decision for exactly the channels of the contract', () => {
    expect(Object.keys(CHANNEL_ROLES).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(SAMPLE).sort()).toEqual([...CHANNELS].sort());
    for (const c of CHANNELS) expect(contract.channels[c].request.safeParse(SAMPLE[c]).success, c).toBe(true);
  });

  it('refuses staff every owner-only channel, before its handler, with owner_only', async () => {
    const { router, reached } = routerAs('staff');
    const refused: string[] = [];
    for (const channel of CHANNELS) {
      const r = await router.dispatch(channel, SAMPLE[channel]);
      expect(r.ok, channel).toBe(false);
      if (r.ok) continue;
      if (r.error.code === 'owner_only') {
        refused.push(channel);
        expect(r.error).toEqual({ code: 'owner_only', params: {} });
        expect(outcomeText('en', r.error)).toMatch(/Only the owner can do this/);
        expect(reached).not.toContain(channel);
      } else {
        // Staff's channels reach their handler (which, here, throws to say so).
        expect(r.error.code, channel).toBe('internal');
        expect(reached).toContain(channel);
      }
    }
    expect(refused.sort()).toEqual(OWNER_ONLY);
  });

  it('lets the owner through everywhere, and each owner-only use counts as activity', async () => {
    const { router, reached, touches } = routerAs('owner');
    for (const channel of CHANNELS) await router.dispatch(channel, SAMPLE[channel]);
    expect(reached.sort()).toEqual([...CHANNELS].sort());
    expect(touches).toHaveLength(OWNER_ONLY.length);
  });

  it('lets staff switch the language but nothing else of the settings', async () => {
    const { router } = routerAs('staff');
    expect(await router.dispatch('settings:update', { language: 'hi' })).toMatchObject({ error: { code: 'internal' } });
    expect(await router.dispatch('settings:update', { language: 'hi', mode: 'live' })).toMatchObject({
      error: { code: 'owner_only' },
    });
    expect(await router.dispatch('settings:update', { lock: { idleMinutes: 0 } })).toMatchObject({ error: { code: 'owner_only' } });
  });

  it('needs the owner to override a duplicate warning above the amount the owner set', async () => {
    const { router } = routerAs('staff');
    const limit = settings.lock.duplicateOverrideRupees;
    const send = (amount: number, confirmDuplicate: boolean) =>
      router.dispatch('recharge:submit', { number: '9876543210', operator: 'JIO', amount, confirmDuplicate });
    expect(await send(limit + 1, true)).toMatchObject({ error: { code: 'owner_only' } });
    expect(await send(limit, true)).toMatchObject({ error: { code: 'internal' } });
    expect(await send(limit + 1, false)).toMatchObject({ error: { code: 'internal' } });
  });
});

describe('closing the day', () => {
  it("lets staff record the day's first count, and keeps a recount for the owner", async () => {
    const { router } = routerAs('staff');
    const close = (recount: boolean) => router.dispatch('dayclose:close', { date: '2026-11-23', counted: 1000, recount });
    expect(await close(false)).toMatchObject({ error: { code: 'internal' } });
    expect(await close(true)).toMatchObject({ error: { code: 'owner_only' } });
  });
});
