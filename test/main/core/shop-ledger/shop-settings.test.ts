import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Sandbox } from '../../../../src/sandbox';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { formatTime } from '../../../../src/shared/format';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';

const TOKEN = 'shop-settings-token';
let sandbox: Sandbox | undefined;
const counters: TestHarness[] = [];
afterEach(async () => {
  for (const c of counters.splice(0)) await c.dispose();
  sandbox = undefined;
});

async function harness(): Promise<TestHarness> {
  const h = await openHarness({ acceptWeakTokenProtection: true, shopSyncMs: 50 });
  counters.push(h);
  return h;
}

/** A loopback port nothing listens on: connections are refused at once, as with a server that is down. */
async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

describe('shop ledger settings', () => {
  it('with none set, a counter works alone exactly as before: nothing to sync, nothing shown', async () => {
    const h = await harness();
    const status = await h.ok('shop:status');
    expect(status).toMatchObject({ configured: false, online: null, unsent: 0, passwordSaved: false });
    expect((await h.core.session()).shop).toBeNull();
    const r = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    expect(r.outcome).toBe('success');
    expect((await h.ok('shop:history', {})).items.map((t) => [t.refId, t.own])).toEqual([[r.txn.refId, true]]);
  });

  it('is refused for demo recharges, and for an address with a password in it; nothing is saved', async () => {
    const h = await harness();
    const demo = await h.call('shop:configure', {
      url: 'postgres://rd@127.0.0.1:5432/shop',
      tls: 'disable',
      counterName: 'Front',
      password: 'x',
    });
    expect(demo.ok).toBe(false);
    if (!demo.ok) expect(demo.error.code).toBe('shop_needs_live');
    const withPassword = await h.call('shop:configure', {
      url: 'postgres://rd:secret@127.0.0.1/shop',
      tls: 'disable',
      counterName: 'Front',
    });
    expect(withPassword.ok).toBe(false);
    expect((await h.ok('settings:get')).shopLedger.url).toBe('');
    expect(existsSync(join(h.dataDir, 'shop-ledger.secret'))).toBe(false);
  });

  it('an unreachable shop ledger never stops the counter: the recharge goes out, and the notice says since when', async () => {
    const started = Date.now();
    sandbox = await testSandbox({ token: TOKEN });
    const h = await harness();
    await saveSandboxAccount(h, sandbox);
    const url = `postgres://rd@127.0.0.1:${await deadPort()}/shop`;
    await h.ok('shop:configure', { url, tls: 'disable', counterName: 'Front desk', password: 'kept-in-the-vault' });
    // The password is in the vault file, never in settings.json.
    expect(readFileSync(join(h.dataDir, 'settings.json'), 'utf8')).not.toContain('kept-in-the-vault');
    expect(readFileSync(join(h.dataDir, 'shop-ledger.secret'), 'utf8')).toBe('kept-in-the-vault');

    const t0 = Date.now();
    const r = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    expect(r.outcome).toBe('success');
    expect(Date.now() - t0).toBeLessThan(2500);
    const status = await until(async () => {
      const s = await h.ok('shop:status');
      return s.online === false ? s : null;
    });
    expect(status.unsent).toBeGreaterThan(0);
    const notice = (await h.ok('app:notices')).items.find((n) => n.outcome.code === 'shop_ledger_offline');
    expect(notice?.level).toMatch(/warning|error/);
    if (notice?.outcome.code !== 'shop_ledger_offline') throw new Error('no shop_ledger_offline notice');
    const { since } = notice.outcome.params;
    expect(since).toBeGreaterThanOrEqual(started);
    expect(since).toBeLessThanOrEqual(Date.now());
    expect(outcomeText('en', notice.outcome)).toMatch(
      new RegExp(`^Shop ledger offline since ${formatTime(since, 'en')}\\. This counter keeps working`),
    );
    expect(outcomeText('hi', notice.outcome)).toContain(formatTime(since, 'hi'));
    // Known to be offline: the next recharge does not wait for it at all.
    const t1 = Date.now();
    await h.ok('recharge:submit', { number: '9876515555', operator: 'JIO', amount: 10 });
    expect(Date.now() - t1).toBeLessThan(1000);
  });
});
