import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';
import hashText from '../../../../src/shared/profiles/builtin/hash-text.json';

// Issue 27 item 4: a move file is anyone's who held the USB drive.
const harnesses: TestHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

async function harness(dir = tempDir('move')): Promise<TestHarness> {
  const h = await openHarness({ keepDir: dir });
  harnesses.push(h);
  return h;
}

/** A move file from an old PC with one recharge, its settings then rewritten by `edit` (and the rest of its manifest by `more`). */
async function moveFile(
  edit: (settings: Record<string, unknown>) => unknown,
  more: (manifest: Record<string, unknown>) => void = () => {},
): Promise<{ path: string; refId: string }> {
  const old = await harness();
  const sent = await old.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
  const exported = await old.ok('backup:export', { folder: tempDir('move-usb') });
  const db = new Database(exported.path);
  try {
    const manifest = z
      .object({ settings: z.record(z.string(), z.unknown()) })
      .loose()
      .parse(JSON.parse(z.string().parse(db.prepare("SELECT value FROM backup_meta WHERE key = 'manifest'").pluck().get())));
    manifest.settings = edit(manifest.settings) as Record<string, unknown>;
    more(manifest);
    db.prepare("UPDATE backup_meta SET value = ? WHERE key = 'manifest'").run(JSON.stringify(manifest));
  } finally {
    db.close();
  }
  return { path: exported.path, refId: sent.txn.refId };
}

describe('a move file is taken whole or not at all', () => {
  it('one whose settings do not parse is refused before anything changes: this PC keeps its history and settings', async () => {
    const file = await moveFile((s) => ({ ...s, recharge: { duplicateWindowMinutes: 'none' }, lowBalanceRupees: -1 }));
    const pc = await harness();
    const mine = await pc.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 149 });
    const before = await pc.ok('settings:get');
    const r = await pc.call('backup:import', { path: file.path });
    expect(r).toMatchObject({ ok: false, error: { code: 'move_settings_unreadable' } });
    if (!r.ok) expect(outcomeText('en', r.error)).toContain('Nothing was changed');
    expect(await pc.ok('settings:get')).toEqual(before);
    expect((await pc.ok('txn:history', {})).items.map((t) => t.refId)).toEqual([mine.txn.refId]);
  });

  it('safety limits it carries never go below their floors (duplicate window, low-balance alert)', async () => {
    const file = await moveFile((s) => ({ ...s, recharge: { duplicateWindowMinutes: 0 }, lowBalanceRupees: 0 }));
    const pc = await harness();
    await pc.ok('backup:import', { path: file.path });
    expect(await pc.ok('settings:get')).toMatchObject({ recharge: { duplicateWindowMinutes: 1 }, lowBalanceRupees: 100 });
    expect((await pc.ok('txn:get', { refId: file.refId })).txn.status).toBe('Success');
  });

  it('one that re-points the provider account is shown first and applied only when the owner confirms; staff cannot', async () => {
    const file = await moveFile((s) => ({
      ...s,
      mode: 'live',
      provider: { baseUrl: 'http://127.0.0.1:9/api', username: '9000000066' },
    }));
    const pc = await harness();
    const r = await pc.call('backup:import', { path: file.path });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'move_account_confirm',
        params: { baseUrl: 'http://127.0.0.1:9/api', username: '9000000066', currentBaseUrl: '', currentUsername: '' },
      },
    });
    if (!r.ok) {
      expect(outcomeText('en', r.error)).toContain('9000000066 at http://127.0.0.1:9/api');
      expect(outcomeText('hi', r.error)).toContain('9000000066');
    }
    // Nothing changed: still this PC's demo account, its history as it was.
    expect(await pc.ok('auth:status')).toMatchObject({ mode: 'demo' });
    expect((await pc.ok('txn:history', {})).items).toEqual([]);

    // Staff cannot give the confirmation.
    await pc.ok('lock:setPin', { pin: '2468' });
    await pc.ok('lock:lock');
    expect(await pc.callRaw('backup:import', { path: file.path, confirmAccount: true })).toMatchObject({
      ok: false,
      error: { code: 'owner_only' },
    });
    expect(await pc.ok('auth:status')).toMatchObject({ mode: 'demo' });
    await pc.ok('lock:unlock', { pin: '2468' });

    const confirmed = await pc.ok('backup:import', { path: file.path, confirmAccount: true });
    expect(confirmed).toMatchObject({ txns: 1, needsToken: true });
    expect(await pc.ok('auth:status')).toMatchObject({ mode: 'live', username: '9000000066', token: 'none' });
  });

  it('one that swaps only the account’s provider profile is shown first too: nothing changes until the owner confirms', async () => {
    const account = { baseUrl: 'http://127.0.0.1:9/api', username: '9000000066' };
    const file = await moveFile((s) => ({ ...s, mode: 'live', provider: { ...account, profile: 'hash-text' } }));
    const pc = await openHarness({ keepDir: tempDir('move'), acceptWeakTokenProtection: true });
    harnesses.push(pc);
    await pc.ok('auth:save', { ...account, token: 'this-pc-token-123' });
    const r = await pc.call('backup:import', { path: file.path });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'move_account_confirm', params: { profile: 'hash-text', currentProfile: 'document' } },
    });
    if (!r.ok) expect(outcomeText('en', r.error)).toContain('read with the profile hash-text (in place of document)');
    expect((await pc.ok('settings:get')).provider).toMatchObject({ ...account, profile: 'document' });
    expect(await pc.ok('auth:status')).toMatchObject({ token: 'saved' });
  });

  it('an account it brings that cannot be opened puts everything back at once: this PC’s session, settings and token', async () => {
    const file = await moveFile((s) => ({ ...s, mode: 'live', provider: { baseUrl: 'http://127.0.0.1:9/api', username: '9000000077' } }));
    const dir = tempDir('move-fails');
    // Where the account's ledger would go, its write-ahead log is a folder: SQLite cannot open it.
    mkdirSync(join(dir, 'live', '9000000077', 'ledger.db-wal'), { recursive: true });
    const pc = await harness(dir);
    const mine = await pc.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 149 });
    const r = await pc.call('backup:import', { path: file.path, confirmAccount: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'restore_failed' } });
    expect(await pc.ok('auth:status')).toMatchObject({ mode: 'demo' });
    expect((await pc.ok('txn:history', {})).items.map((t) => t.refId)).toEqual([mine.txn.refId]);
    // The brought ledger is kept aside for support, not left where the account would find it.
    expect(readdirSync(join(dir, 'live', '9000000077')).some((f) => f.startsWith('ledger.db.restore-failed-'))).toBe(true);
    expect(existsSync(join(dir, 'live', '9000000077', 'ledger.db'))).toBe(false);
  });

  describe('the account’s provider profile travels with it, read as any profile file', () => {
    const theirs = (edit: (p: Record<string, unknown>) => void = () => {}) => {
      const p = { ...structuredClone(hashText), id: 'their-provider', name: 'Their Provider' } as Record<string, unknown>;
      edit(p);
      return JSON.stringify(p);
    };
    const account = (s: Record<string, unknown>) => ({
      ...s,
      mode: 'live',
      provider: { baseUrl: 'http://127.0.0.1:9/api', username: '9000000088', profile: 'their-provider' },
    });

    it('a backup taken while an imported profile is in use carries it', async () => {
      const pc = await harness();
      await pc.ok('profile:use', { text: theirs(), hosts: { main: null } });
      const exported = await pc.ok('backup:export', { folder: tempDir('move-usb') });
      const db = new Database(exported.path, { readonly: true });
      const manifest = z
        .object({ profile: z.string() })
        .loose()
        .parse(JSON.parse(z.string().parse(db.prepare("SELECT value FROM backup_meta WHERE key = 'manifest'").pluck().get())));
      db.close();
      expect(JSON.parse(manifest.profile)).toMatchObject({ id: 'their-provider' });
    });

    it('is kept and used on the new PC', async () => {
      const file = await moveFile(account, (m) => (m['profile'] = theirs()));
      const pc = await harness();
      await pc.ok('backup:import', { path: file.path, confirmAccount: true });
      expect((await pc.ok('settings:get')).provider).toMatchObject({ username: '9000000088', profile: 'their-provider' });
      expect((await pc.ok('profile:list')).current).toMatchObject({ id: 'their-provider', builtin: false });
    });

    it('missing from the file, or one that would call silence a failure: refused, nothing changed', async () => {
      const missing = await moveFile(account);
      const catchAll = await moveFile(account, (m) => {
        m['profile'] = theirs((p) =>
          (p['calls'] as { status: { rules: unknown[] } }).status.rules.push({
            when: [{ field: 'status', is: 'absent' }],
            means: 'Failure',
          }),
        );
      });
      const pc = await harness();
      const before = await pc.ok('settings:get');
      expect(await pc.call('backup:import', { path: missing.path, confirmAccount: true })).toMatchObject({
        ok: false,
        error: { code: 'profile_missing', params: { id: 'their-provider' } },
      });
      expect(await pc.call('backup:import', { path: catchAll.path, confirmAccount: true })).toMatchObject({
        ok: false,
        error: { code: 'profile_refused' },
      });
      expect(await pc.ok('settings:get')).toEqual(before);
      expect(await pc.ok('auth:status')).toMatchObject({ mode: 'demo' });
      expect((await pc.ok('profile:list')).available.map((p) => p.id)).not.toContain('their-provider');
    });
  });
});
