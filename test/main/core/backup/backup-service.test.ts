import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BackupService, checkWritableFolder, folderError } from '../../../../src/main/core/backup/backup-service';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { seedLedger } from '../../../support/seed-ledger';
import { refusalOf } from '../../../support/refusal';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { toKeep } from '../../../../src/main/core/backup/rotation';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let file: string;
let ledger: Ledger;
let second: string;
let secondRoot: string | null;
let clock: number;
const T0 = Date.parse('2026-11-20T06:00:00Z');

function service(): BackupService {
  return new BackupService({
    ledgerFile: file,
    localDir: join(dir, 'data', 'backups'),
    secondDir: () => secondRoot,
    settingsJson: () => JSON.stringify({ version: 1, language: 'hi', provider: { username: '9876543210' } }),
    fingerprint: () => ledger.fingerprint(),
    now: () => clock,
    setSecondFolder: async (root) => {
      if (root) await checkWritableFolder(root);
      secondRoot = root || null;
    },
  });
}

const countRow = z.object({ n: z.number().int() });
function countIn(path: string, table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return countRow.parse(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).n;
  } finally {
    db.close();
  }
}

beforeEach(() => {
  dir = tempDir('backup');
  file = join(dir, 'data', 'ledger.db');
  second = join(dir, 'usb');
  mkdirSync(second);
  secondRoot = null;
  clock = T0;
  seedLedger(file, 2000, T0);
  ledger = Ledger.open(file, T0);
});
afterEach(() => {
  ledger.close();
});

describe('automatic, verified backups', () => {
  it('copies the live ledger (while it is written) into a verified backup with the settings and not the token', async () => {
    const backups = service();
    const running = backups.backup('manual');
    // The counter keeps writing during the backup: the main thread is not held.
    ledger.insertSubmitting({ refId: 'DURING', number: '9876500000', operator: 'JIO', amount: 1000, rechargeDate: '2026-11-20', now: T0 });
    const status = await running;
    const last = status.lastGood;
    if (!last) throw new Error('no backup listed');
    const path = join(last.folder, last.file);
    expect(status.warning).toBe('none');
    // The counts are those of the ledger at the moment of the copy, and the copy holds them.
    expect([2000, 2001]).toContain(last.counts['txns']);
    expect(countIn(path, 'txns')).toBe(last.counts['txns']);
    expect(countIn(path, 'txn_events')).toBe(last.counts['txn_events']);
    expect(last.first).toBe(T0);
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
      const manifest = z
        .object({ value: z.string() })
        .parse(db.prepare(`SELECT value FROM backup_meta WHERE key = 'manifest'`).get()).value;
      expect(JSON.parse(manifest)).toMatchObject({ app: 'RechargeDesk', settings: { language: 'hi' } });
      expect(manifest).not.toMatch(/token/i);
    } finally {
      db.close();
    }
    expect(readdirSync(last.folder).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('copies to the second folder and verifies it there; a folder that is gone is warned about', async () => {
    const backups = service();
    await backups.setSecondFolder(second);
    await backups.backup('manual').catch(() => {}); // the one setSecondFolder started may be running
    const status = await backups.backup('manual');
    const secondFolder = status.folders.find((f) => f.kind === 'second');
    expect(secondFolder?.state).toBe('ok');
    expect(secondFolder?.newest?.counts['txns']).toBe(2000);
    expect(existsSync(join(second, secondFolder!.newest!.file))).toBe(true);
    expect(countIn(join(second, secondFolder!.newest!.file), 'txns')).toBe(2000);

    rmSync(second, { recursive: true }); // the USB drive is taken out
    expect((await backups.status()).warning).toBe('folder_missing');
    await expect(backups.backup('manual')).rejects.toMatchObject({ code: 'backup_folder_missing' });
    // The local backup was still made and verified.
    expect((await backups.status()).folders.find((f) => f.kind === 'local')?.newest?.at).toBe(clock);
    expect((await backups.status()).lastError?.code).toBe('backup_folder_missing');
  });

  it('refuses a second folder that is not there or is a file, and changes nothing', async () => {
    const backups = service();
    await expect(backups.setSecondFolder(join(dir, 'nope'))).rejects.toThrow(UserFacingError);
    const missing = await refusalOf(() => backups.setSecondFolder(join(dir, 'nope')));
    expect(missing).toEqual({ code: 'backup_folder_missing', params: { folder: join(dir, 'nope') } });
    expect(outcomeText('en', missing)).toMatch(/is not there/);
    writeFileSync(join(dir, 'a-file'), 'x');
    expect(await refusalOf(() => backups.setSecondFolder(join(dir, 'a-file')))).toEqual({
      code: 'backup_folder_missing',
      params: { folder: join(dir, 'a-file') },
    });
    expect(secondRoot).toBeNull();
    expect((await backups.status()).folders.map((f) => f.kind)).toEqual(['local']);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a read-only second folder', async () => {
    chmodSync(second, 0o555);
    const refused = await refusalOf(() => service().setSecondFolder(second));
    expect(refused).toEqual({ code: 'backup_folder_readonly', params: { folder: second } });
    expect(outcomeText('en', refused)).toMatch(/cannot write/);
    chmodSync(second, 0o755);
  });

  it('says plainly what a full, read-only or missing folder means', () => {
    const err = (code: string) => Object.assign(new Error('x'), { code });
    const usb = { folder: '/media/usb' };
    expect(folderError(err('ENOSPC'), '/media/usb').outcome).toEqual({ code: 'backup_folder_full', params: usb });
    expect(folderError(err('EROFS'), '/media/usb').outcome).toEqual({ code: 'backup_folder_readonly', params: usb });
    const denied = folderError(err('EACCES'), '/media/usb').outcome;
    expect(denied).toEqual({ code: 'backup_folder_readonly', params: usb });
    expect(outcomeText('en', denied)).toMatch(/cannot write to \/media\/usb/);
    expect(outcomeText('hi', denied)).toContain('/media/usb');
    expect(folderError(err('ENOENT'), '/media/usb').outcome).toEqual({ code: 'backup_folder_missing', params: usb });
    expect(folderError(err('EIO'), '/media/usb').outcome).toEqual({
      code: 'backup_failed',
      params: { why: 'copy', folder: '/media/usb', cue: 'EIO' },
    });
  });

  it('warns when the newest backup is older than two days, and takes the daily one when a day has passed', async () => {
    const backups = service();
    expect((await backups.status()).warning).toBe('never');
    await backups.backup('manual');
    expect(await backups.dailyIfDue()).toBeNull();
    clock += 2 * 24 * 3600_000 + 1;
    expect((await backups.status()).warning).toBe('stale');
    const daily = await backups.dailyIfDue();
    expect(daily?.lastGood?.reason).toBe('daily');
    expect(daily?.warning).toBe('none');
  });

  it('backs up at close only when something changed since the last backup', async () => {
    const backups = service();
    await backups.atClose();
    const first = (await backups.status()).lastGood;
    expect(first?.reason).toBe('close');
    clock += 60_000;
    await backups.atClose();
    expect((await backups.status()).lastGood?.at).toBe(first?.at);
    ledger.insertSubmitting({ refId: 'NEW1', number: '9876500000', operator: 'JIO', amount: 1000, rechargeDate: '2026-11-20', now: clock });
    clock += 60_000;
    await backups.atClose();
    expect((await backups.status()).lastGood?.at).toBe(clock);
    expect((await backups.status()).lastGood?.counts['txns']).toBe(2001);
  });

  it('rotates on disk: after 10 days of backups the 7 newest days are kept, older ones only as week or month', async () => {
    const backups = service();
    for (let day = 0; day < 10; day++) {
      clock = T0 + day * 24 * 3600_000;
      await backups.backup('daily');
    }
    const local = join(dir, 'data', 'backups');
    const files = readdirSync(local).filter((f) => f.endsWith('.db'));
    const listed = (await backups.status()).folders[0]!;
    expect(files.length).toBeLessThan(10);
    expect(files.sort()).toEqual(toKeepFiles(10));
    expect(listed.newest?.at).toBe(clock);
  }, 60_000);
});

/** What the rotation keeps of one backup a day for `days` days from T0, by the pure rule. */
function toKeepFiles(days: number): string[] {
  const entries = Array.from({ length: days }, (_, d) => entryAt(T0 + d * 24 * 3600_000));
  const keep = toKeep(entries);
  return entries
    .filter((e) => keep.has(e.file))
    .map((e) => e.file)
    .sort();
}

function entryAt(at: number) {
  return {
    file: `ledger-${new Date(at).toISOString().replace(/[:.]/g, '-')}.db`,
    at,
    reason: 'daily' as const,
    counts: {},
    first: null,
    last: null,
    fingerprint: '',
  };
}

describe('rotation rule', () => {
  it('keeps the newest of each of 7 days, 4 weeks and 12 months, and always the newest', () => {
    const day = 24 * 3600_000;
    // Three backups a day for two years.
    const entries = Array.from({ length: 730 * 3 }, (_, i) => entryAt(T0 + Math.floor(i / 3) * day + (i % 3) * 3600_000));
    const keep = toKeep(entries);
    const newest = entries.at(-1)!;
    expect(keep.has(newest.file)).toBe(true);
    expect(keep.size).toBeLessThanOrEqual(7 + 4 + 12);
    expect(keep.size).toBeGreaterThanOrEqual(12 + 6); // months and days overlap only near the newest
    const kept = entries.filter((e) => keep.has(e.file));
    // The 7 newest days each keep their last backup of the day.
    for (let d = 0; d < 7; d++) expect(kept.some((e) => e.at === newest.at - d * day)).toBe(true);
    // Nothing older than 12 months is kept.
    expect(Math.min(...kept.map((e) => e.at))).toBeGreaterThan(newest.at - 366 * day);
    // One backup alone is never deleted.
    expect([...toKeep([entries[0]!])]).toEqual([entries[0]!.file]);
  });
});
