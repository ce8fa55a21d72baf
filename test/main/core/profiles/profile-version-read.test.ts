import { afterEach, describe, expect, it } from 'vitest';
import hashText from '../../../../src/shared/profiles/builtin/hash-text.json';
import { openHarness, untilStatus, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { inspectBackup } from '../../../../src/main/core/backup/restore';

// Issue 35 item 8: a profile's id@version never changes, and an open recharge is read by the
// version it was sent with, whatever the owner imports while it waits (a real sandbox speaking
// the hash-text dialect, a real ledger, the core through its IPC).
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

type Profile = typeof hashText;
/** A version 1 file's one host, the address typed for the account, as the owner confirms it. */
const MAIN = { main: null };
/** The provider's own profile: hash-text under its name, at a version. */
const theirs = (version: number, edit: (p: Profile) => void = () => {}) => {
  const p = { ...structuredClone(hashText), id: 'my-provider', name: 'My Provider', version };
  edit(p);
  return JSON.stringify(p);
};
/** A mistaken version 2: Success and Failure swapped, its samples swapped to match (the check cannot know). */
const swapped = (p: Profile) => {
  const swap = (m: string) => (m === 'Success' ? 'Failure' : m === 'Failure' ? 'Success' : m);
  for (const call of [p.calls.recharge, p.calls.status]) for (const r of call.rules) r.means = swap(r.means);
  for (const s of p.samples) if (s.call === 'recharge' || s.call === 'status') s.reads = swap(s.reads);
};

describe('an open recharge is read by the profile version it was sent with', () => {
  it('version 2 imported while a version-1 recharge waits: the provider’s Success is still a success; version 1 cannot be rewritten, and backups carry it', async () => {
    const t = (h = await openHarness({ acceptWeakTokenProtection: true }));
    // The poller is made slow: only "Check now" asks, after the provider has decided.
    await t.ok('settings:update', { poller: { firstCheckSeconds: 600 } });
    await t.ok('profile:use', { text: theirs(1), hosts: MAIN });
    const sandbox = await testSandbox({ token: 'ver-token-123456', pendingMs: 2500, dialect: 'hash-text' });
    await saveSandboxAccount(t, sandbox);

    const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
    expect(r.txn.status).toBe('Pending');

    expect(await t.call('profile:use', { text: theirs(1, swapped), hosts: MAIN })).toMatchObject({
      ok: false,
      error: { code: 'profile_refused', params: { faults: [{ fault: 'version_taken', field: 'my-provider@1' }] } },
    });
    // With the account in, the workbench saves only a profile whose connection test passed.
    expect(await t.call('profile:use', { text: theirs(2, swapped), hosts: MAIN })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_ready', params: { missing: ['test'] } },
    });
    expect(await t.ok('profile:test', { text: theirs(2, swapped), hosts: MAIN })).toMatchObject({ ok: true });
    await t.ok('profile:use', { text: theirs(2, swapped), hosts: MAIN });
    expect((await t.ok('profile:list')).current).toMatchObject({ id: 'my-provider', version: 2 });
    // A backup taken now carries version 1 too: restored on another computer, the recharge is read as it was sent.
    await t.ok('backup:run');
    const info = await inspectBackup((await t.ok('backup:list')).items[0]!.path);
    expect(JSON.parse(info.profileText ?? '{}')).toMatchObject({ version: 2 });
    expect(info.profileVersionTexts.map((text) => (JSON.parse(text) as { version: number }).version)).toEqual([1]);

    expect((await t.ok('txn:get', { refId: r.txn.refId })).txn.status).toBe('Pending');
    await new Promise((res) => setTimeout(res, Math.max(0, r.txn.createdAt + 2800 - Date.now())));
    await t.ok('txn:check', { refId: r.txn.refId });
    const done = await untilStatus(t, r.txn.refId, 'Success');
    expect(done.txn.status).toBe('Success');
    expect(sandbox.admin.transactions({ limit: 5 }).items.map((x) => x.status)).toEqual(['Success']);
  });
});
