import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness, until, type TestHarness } from './harness-client';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { checkpoint, leafPages, smashPage } from '../../../support/damage-sqlite';
import { OPEN_STATUSES, seedLedger } from '../../../support/seed-ledger';
import { tempDir } from '../../../support/temp-dir';
import { openLiveHarness, saveSandboxAccount } from '../../../support/live-harness';

let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const T0 = Date.parse('2026-11-20T06:00:00Z');

describe('the books at start, through the harness', () => {
  it(
    'a salvaged ledger is told at start as state the screen reads, with how many were saved, before any recharge',
    { timeout: 30_000 },
    async () => {
      const dataDir = tempDir('books');
      const file = join(dataDir, 'demo', 'ledger.db');
      seedLedger(file, 2000, T0);
      checkpoint(file);
      const pages = leafPages(file, 'txns');
      smashPage(file, pages[Math.floor(pages.length / 2)]!);
      // As the background check leaves it when it finds damage.
      writeFileSync(`${file}.needs-check`, 'quick_check failed');

      h = await openHarness({ keepDir: dataDir });
      // No event was heard by anyone yet: the notice is there when the screen asks.
      const notices = (await h.ok('app:notices')).items;
      const salvaged = notices.find((n) => n.outcome.code === 'ledger_salvaged');
      expect(salvaged?.level).toMatch(/warning|error/);
      if (salvaged?.outcome.code !== 'ledger_salvaged') throw new Error('no ledger_salvaged notice');
      const { params } = salvaged.outcome;
      const saved = params.txns;
      expect(saved).toBeGreaterThan(1900);
      expect(saved).toBeLessThan(2000);
      expect(params.file).toMatch(/ledger\.db\.damaged-/);
      // The open ones carried are being checked: they are in the tray.
      const open = (await h.ok('txn:open')).items.length;
      expect(open).toBe(params.open);
      expect(open).toBeGreaterThan(250);

      const after = await h.ok('app:dismissNotice', { id: salvaged!.id });
      expect(after.items.find((n) => n.outcome.code === 'ledger_salvaged')).toBeUndefined();
    },
  );
});

const allRows = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      txns: db.prepare('SELECT * FROM txns ORDER BY id').all(),
      events: db.prepare('SELECT * FROM txn_events ORDER BY id').all(),
      complaints: db.prepare('SELECT * FROM complaints ORDER BY complain_id').all(),
      balances: db.prepare('SELECT * FROM balance_snapshots ORDER BY id').all(),
    };
  } finally {
    db.close();
  }
};

describe('restore drill', () => {
  it(
    'make transactions, back up, damage the ledger, restore: every row is back, open ones are checked, no ref_id reused',
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir('drill');
      const file = join(dataDir, 'demo', 'ledger.db');
      seedLedger(file, 1500, T0);
      h = await openHarness({ keepDir: dataDir });
      const done = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
      expect(done.outcome).toBe('success');
      const backup = await h.ok('backup:run');
      expect(backup.lastGood?.counts['txns']).toBe(1501);
      await h.dispose();
      h = null;

      // The disk damages the ledger; the background check flagged it.
      checkpoint(file);
      const pages = leafPages(file, 'txns');
      smashPage(file, pages[2]!);
      smashPage(file, pages[Math.floor(pages.length / 2)]!);
      writeFileSync(`${file}.needs-check`, 'quick_check failed');

      h = await openHarness({ keepDir: dataDir });
      expect((await h.ok('app:notices')).items.map((n) => n.outcome.code)).toContain('ledger_salvaged');
      const choices = (await h.ok('backup:list')).items;
      const chosen = choices.find((c) => c.file === backup.lastGood?.file);
      if (!chosen) throw new Error('the backup is not offered');
      expect(chosen).toMatchObject({ first: T0, counts: { txns: 1501 } });

      const restored = await h.ok('backup:restore', { path: chosen.path });
      expect(restored.txns).toBe(1501);
      expect(restored.keptAside).toMatch(/ledger\.db\.before-restore-/);
      expect(existsSync(restored.keptAside!)).toBe(true);
      // Row by row, the restored ledger is the ledger as it was backed up. The new session has
      // already scheduled its checks of the open ones (and may have appended their results).
      const before = allRows(chosen.path);
      const after = allRows(file);
      const settled = (rows: unknown[]) =>
        z
          .array(z.looseObject({ status: z.string() }))
          .parse(rows)
          .map(({ next_check_at: _n, attempts: _a, last_error: _l, updated_at: _u, status, ...rest }) => ({
            ...rest,
            status: OPEN_STATUSES.has(status) ? 'open' : status,
          }));
      expect(settled(after.txns.slice(0, before.txns.length))).toEqual(settled(before.txns));
      expect(after.txns.length).toBe(before.txns.length);
      expect(after.events.slice(0, before.events.length)).toEqual(before.events);
      expect(after.complaints).toEqual(before.complaints);
      expect(after.balances.slice(0, before.balances.length)).toEqual(before.balances);
      // Every open transaction is being checked with the provider again.
      const session = await h.core.session();
      const statuses = z.array(z.looseObject({ status: z.string() })).parse(before.txns);
      expect(restored.open).toBe(statuses.filter((t) => OPEN_STATUSES.has(t.status)).length);
      expect(session.reconciler.pending).toBeGreaterThan(0);
      expect((await h.ok('txn:open')).items.length).toBe(restored.open);
      // A new recharge never reuses a ref_id: it sorts after every one of this install.
      const next = await h.ok('recharge:submit', { number: '9876546666', operator: 'JIO', amount: 199 });
      expect(next.txn.refId > done.txn.refId).toBe(true);
      expect(before.txns.some((t) => JSON.stringify(t).includes(next.txn.refId))).toBe(false);
    },
  );

  it('a file that is not a backup is refused with a clear message and changes nothing', { timeout: 30_000 }, async () => {
    const dataDir = tempDir('drill');
    h = await openHarness({ keepDir: dataDir });
    const r = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    const notes = join(dataDir, 'notes.db');
    writeFileSync(notes, 'shop notes, not a database'.repeat(100));
    const refused = await h.call('backup:restore', { path: notes });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_a_backup' } });
    const missing = await h.call('backup:restore', { path: join(dataDir, 'gone.db') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'backup_missing' } });
    // A plain SQLite file without a manifest is not a backup either.
    const plain = join(dataDir, 'plain.db');
    new Database(plain).exec('CREATE TABLE txns (id INTEGER)');
    expect(await h.call('backup:restore', { path: plain })).toMatchObject({ ok: false, error: { code: 'not_a_backup' } });
    // The session goes on, with its history.
    expect((await h.ok('txn:get', { refId: r.txn.refId })).txn.status).toBe('Success');
    expect((await h.call('backup:setFolder', { path: join(dataDir, 'no-such-drive') })).ok).toBe(false);
    expect((await h.ok('settings:get')).backup.secondFolder).toBe('');
  });
});

describe('nothing lost even if the disk dies', () => {
  it(
    'the newest snapshot in the second folder plus its journal gives every transaction, the last one sent included',
    { timeout: 60_000 },
    async () => {
      const shop = tempDir('disk');
      const usb = tempDir('usb');
      const newPc = tempDir('newpc');
      h = await openHarness({ keepDir: shop });
      await h.ok('backup:setFolder', { path: usb });
      const snapshot = await until(async () => {
        const s = await h!.ok('backup:status');
        return !s.running && s.folders.find((f) => f.kind === 'second')?.newest ? s : undefined;
      });
      expect(snapshot.lastError).toBeNull();
      // Recharges after the snapshot: only the journal on the USB drive has them.
      const a = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
      const b = await h.ok('recharge:submit', { number: '9876541111', operator: 'AT', amount: 299 });
      expect(b.outcome).toBe('pending');
      // Journaled off the recharge's path, within moments.
      const journalFile = join(usb, 'RechargeDesk backups', 'demo', 'journal.ndjson');
      await until(async () => existsSync(journalFile) && readFileSync(journalFile, 'utf8').includes(b.txn.refId));

      // The shop's disk dies now, with no closing backup. On the new PC, restore from the USB drive.
      const other = await openHarness({ keepDir: newPc });
      try {
        const choice = (await other.ok('backup:status')).lastGood; // the new PC has only its own
        expect(choice?.counts['txns'] ?? 0).toBe(0);
        const newest = readdirSync(join(usb, 'RechargeDesk backups', 'demo')).filter((f) => /^ledger-.*\.db$/.test(f));
        expect(newest.length).toBe(1);
        const restored = await other.ok('backup:restore', { path: join(usb, 'RechargeDesk backups', 'demo', newest[0]!) });
        expect(restored.journaled).toBeGreaterThanOrEqual(2);
        const got = await other.ok('txn:get', { refId: b.txn.refId });
        expect(got.txn.amount).toBe(29900);
        expect(got.events.map((e) => e.toStatus).slice(0, 2)).toEqual(['Submitting', 'Pending']);
        expect((await other.ok('txn:get', { refId: a.txn.refId })).txn.status).toBe('Success');
      } finally {
        await other.dispose();
      }
    },
  );
});

describe('move to another PC', () => {
  it('exports one file (ledger and settings, no token) and imports it on a new PC', { timeout: 60_000 }, async () => {
    const oldPc = tempDir('oldpc');
    const usb = tempDir('usb');
    const newPc = tempDir('newpc');
    h = await openHarness({ keepDir: oldPc });
    const sent = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    await h.ok('settings:update', { language: 'hi', lowBalanceRupees: 1234 });
    expect(await h.call('backup:export', { folder: join(usb, 'not-plugged-in') })).toMatchObject({
      ok: false,
      error: { code: 'backup_folder_missing' },
    });
    expect(readdirSync(usb)).toEqual([]);
    const exported = await h.ok('backup:export', { folder: usb });
    expect(exported.txns).toBe(1);
    expect(readdirSync(usb)).toEqual([exported.path.split(/[\\/]/).at(-1)]);
    const db = new Database(exported.path, { readonly: true });
    const manifest = z
      .object({ settings: z.record(z.string(), z.unknown()) })
      .parse(JSON.parse(z.object({ value: z.string() }).parse(db.prepare(`SELECT value FROM backup_meta`).get()).value));
    db.close();
    expect(Object.keys(manifest.settings)).not.toContain('token');
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(manifest.settings['provider']))).toEqual(['baseUrl', 'username', 'profile']);
    await h.dispose();
    h = null;

    h = await openHarness({ keepDir: newPc });
    const imported = await h.ok('backup:import', { path: exported.path });
    expect(imported).toMatchObject({ txns: 1, needsToken: false });
    expect((await h.ok('txn:get', { refId: sent.txn.refId })).txn.status).toBe('Success');
    expect(await h.ok('settings:get')).toMatchObject({ language: 'hi', lowBalanceRupees: 1234 });
  });
});

describe('move to another PC: a live account', () => {
  const TOKEN = 'live-token-moving-pc';
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    for (const s of sandboxes.splice(0)) await s.close();
  });

  it(
    'never carries the token: the new PC opens the account with recharges on hold until its token is entered',
    { timeout: 90_000 },
    async () => {
      const oldPc = tempDir('oldpc');
      const usb = tempDir('usb');
      const newPc = tempDir('newpc');
      // The shop's provider keeps the recharge pending: it is still open when the shop moves.
      const provider = await startSandbox({ token: TOKEN, pendingMs: 3_600_000, balance: 5000 });
      sandboxes.push(provider);
      h = await openLiveHarness(provider, { keepDir: oldPc });
      const sent = await h.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 149 });
      const exported = await h.ok('backup:export', { folder: usb });
      expect(readFileSync(exported.path).includes(TOKEN)).toBe(false);
      await h.dispose();
      h = null;

      // The new PC already has another live account with its own token: that token must not be
      // sent with the imported account either.
      const other = await startSandbox({ token: 'other-shop-token', username: '9000000001' });
      sandboxes.push(other);
      h = await openLiveHarness(other, { keepDir: newPc });

      // Another account than this PC's: shown first, brought in once the owner confirms.
      expect(await h.call('backup:import', { path: exported.path })).toMatchObject({
        ok: false,
        error: { code: 'move_account_confirm', params: { username: provider.credentials.username, currentUsername: '9000000001' } },
      });
      const imported = await h.ok('backup:import', { path: exported.path, confirmAccount: true });
      expect(imported).toMatchObject({ txns: 1, needsToken: true, open: 1 });
      expect(await h.ok('auth:status')).toMatchObject({ mode: 'live', username: provider.credentials.username, token: 'none' });
      // On hold: nothing is sent, with a reason the screen shows; the open one is in view, waiting.
      expect(await h.call('recharge:submit', { number: '9876542222', operator: 'JIO', amount: 199 })).toMatchObject({
        ok: false,
        error: { code: 'token_missing' },
      });
      expect((await h.ok('app:notices')).items.map((n) => n.outcome.code)).toContain('token_missing');
      expect((await h.ok('txn:open')).items.map((t) => t.refId)).toEqual([sent.txn.refId]);

      // The token entered on this PC lifts the hold: recharges go out on the imported account.
      await saveSandboxAccount(h, provider);
      const next = await h.ok('recharge:submit', { number: '9876542222', operator: 'JIO', amount: 199 });
      expect(next.txn.refId).not.toBe(sent.txn.refId);
      expect((await h.ok('txn:get', { refId: sent.txn.refId })).txn.number).toBe('9876541111');
    },
  );
});
