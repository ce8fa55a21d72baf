import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness, type TestHarness } from './harness-client';
import { istDate } from '../../../../src/shared/ist-date';
import { tempDir } from '../../../support/temp-dir';

/**
 * Issue 27: a backup is a file anyone with the USB drive can write. Each case crafts one from a
 * real backup of a real counter and restores it through the harness, as the shopkeeper would.
 */
let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

/** A counter with one recharge and a verified backup; returns the backup's path. */
async function counterWithBackup(name: string): Promise<{ dataDir: string; backup: string; refId: string }> {
  const dataDir = tempDir(name);
  h = await openHarness({ keepDir: dataDir });
  const done = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
  expect(done.outcome).toBe('success');
  const made = (await h.ok('backup:run')).lastGood;
  if (!made) throw new Error('no backup');
  return { dataDir, backup: join(made.folder, made.file), refId: done.txn.refId };
}

/** A copy of the backup, changed by `craft` as an attacker with the drive would. */
function crafted(backup: string, dir: string, name: string, craft: (db: Database.Database) => void): string {
  const path = join(dir, `${name}.db`);
  copyFileSync(backup, path);
  const db = new Database(path);
  try {
    craft(db);
  } finally {
    db.close();
  }
  return path;
}

const harness = () => {
  if (!h) throw new Error('no harness');
  return h;
};

const row = (refId: string, status: string, amount: unknown) => ({
  refId,
  status,
  amount,
  now: Date.now(),
  date: istDate(Date.now()),
});
const insertRow = (db: Database.Database, r: ReturnType<typeof row>) =>
  db
    .prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at)
       VALUES (@refId, '9876541111', 'JIO', @amount, @status, @date, @now, @now)`,
    )
    .run(r);

describe('a restore rebuilds the ledger from the file’s rows, never adopts the file (issue 27)', () => {
  it('extra triggers in a backup do not reach the live ledger: a later recharge is stored as sent', { timeout: 60_000 }, async () => {
    const { dataDir, backup } = await counterWithBackup('hostile-trigger');
    const path = crafted(backup, dataDir, 'triggers', (db) => {
      db.exec(`CREATE TRIGGER evil_amount AFTER INSERT ON txns BEGIN UPDATE txns SET amount = 1 WHERE id = NEW.id; END;
               CREATE TRIGGER evil_status AFTER UPDATE OF status ON txns WHEN NEW.status = 'Failure'
                 BEGIN UPDATE txns SET status = 'Success' WHERE id = NEW.id; END;
               CREATE VIEW evil_view AS SELECT 1;`);
    });
    const restored = await harness().ok('backup:restore', { path });
    expect(restored.txns).toBe(1);
    const next = await harness().ok('recharge:submit', { number: '9876543333', operator: 'JIO', amount: 250 });
    expect((await harness().ok('txn:get', { refId: next.txn.refId })).txn.amount).toBe(next.txn.amount);
    expect(next.txn.amount).toBe(25_000);
    const ledger = new Database(join(dataDir, 'demo', 'ledger.db'), { readonly: true });
    const names = ledger.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'evil%'").all();
    ledger.close();
    expect(names).toEqual([]);
  });

  it('a backup of schema version 999 is refused in plain words and the counter goes on', { timeout: 60_000 }, async () => {
    const { dataDir, backup, refId } = await counterWithBackup('hostile-version');
    const path = crafted(backup, dataDir, 'newer', (db) => db.pragma('user_version = 999'));
    expect(await harness().call('backup:restore', { path })).toMatchObject({
      ok: false,
      error: { code: 'backup_newer', params: { version: 999 } },
    });
    expect((await harness().ok('txn:get', { refId })).txn.status).toBe('Success');
    expect((await harness().ok('recharge:submit', { number: '9876543333', operator: 'JIO', amount: 10 })).outcome).toBe('success');
  });

  it('a backup whose event log is a view is refused and the counter goes on', { timeout: 60_000 }, async () => {
    const { dataDir, backup, refId } = await counterWithBackup('hostile-view');
    const path = crafted(backup, dataDir, 'view', (db) => {
      db.exec(`ALTER TABLE txn_events RENAME TO kept_events; CREATE VIEW txn_events AS SELECT * FROM kept_events;`);
    });
    expect(await harness().call('backup:restore', { path })).toMatchObject({
      ok: false,
      error: { code: 'backup_unusable', params: { table: 'txn_events' } },
    });
    expect((await harness().ok('txn:get', { refId })).txn.status).toBe('Success');
    expect((await harness().ok('recharge:submit', { number: '9876543333', operator: 'JIO', amount: 10 })).outcome).toBe('success');
  });

  it(
    'a row with status Hacked and a row with a text amount are left out, named, kept aside; every screen answers',
    { timeout: 60_000 },
    async () => {
      const { dataDir, backup, refId } = await counterWithBackup('hostile-rows');
      const path = crafted(backup, dataDir, 'rows', (db) => {
        insertRow(db, row('HACK0000000000001', 'Hacked', 25_000));
        insertRow(db, row('TEXT0000000000001', 'Success', '250 rupees'));
      });
      const restored = await harness().ok('backup:restore', { path });
      expect(restored.txns).toBe(1);
      // The two rows, and what the file's own triggers made of them (its customer book row).
      expect(restored.rejected).toBeGreaterThanOrEqual(2);
      expect(restored.rejectedRefs).toEqual(expect.arrayContaining(['HACK0000000000001', 'TEXT0000000000001']));
      expect(restored.quarantine).not.toBeNull();
      expect(readFileSync(restored.quarantine!, 'utf8')).toContain('Hacked');

      const history = await harness().ok('txn:history', { limit: 50 });
      expect(history.items.map((t) => t.refId)).toEqual([refId]);
      const today = istDate(Date.now());
      expect((await harness().call('report:summary', { from: today, to: today })).ok).toBe(true);
      expect((await harness().call('report:wallet', { from: today, to: today })).ok).toBe(true);
      expect((await harness().call('dayclose:get', { date: today })).ok).toBe(true);
    },
  );

  it('a move file of schema version 999 is refused before any of its settings are taken', { timeout: 60_000 }, async () => {
    const { dataDir, refId } = await counterWithBackup('hostile-move');
    const usb = join(dataDir, 'usb');
    mkdirSync(usb);
    const exported = await harness().ok('backup:export', { folder: usb });
    const path = crafted(exported.path, dataDir, 'move-newer', (db) => db.pragma('user_version = 999'));
    await harness().ok('settings:update', { language: 'hi' });
    expect(await harness().call('backup:import', { path })).toMatchObject({
      ok: false,
      error: { code: 'backup_newer', params: { version: 999 } },
    });
    expect((await harness().ok('settings:get')).language).toBe('hi');
    expect((await harness().ok('txn:get', { refId })).txn.status).toBe('Success');
  });

  it('a crafted ref_id in a backup does not push later ref_ids out of their 16 characters', { timeout: 60_000 }, async () => {
    const { dataDir, backup, refId } = await counterWithBackup('hostile-ref');
    const prefix = refId.slice(0, 4);
    const path = crafted(backup, dataDir, 'ref', (db) => insertRow(db, row(`${prefix}ZZZZZZZZZZZZZ`, 'Success', 1000)));
    await harness().ok('backup:restore', { path });
    const next = await harness().ok('recharge:submit', { number: '9876543333', operator: 'JIO', amount: 10 });
    expect(next.txn.refId).toMatch(/^[0-9A-Z]{16}$/);
    expect(next.txn.refId > refId).toBe(true);
  });

  it('the file chosen is never changed by a restore', { timeout: 60_000 }, async () => {
    const { dataDir, backup } = await counterWithBackup('hostile-untouched');
    const path = crafted(backup, dataDir, 'plain', () => {});
    const before = readFileSync(path);
    await harness().ok('backup:restore', { path });
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});
