import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupService } from '../../../../src/main/core/backup/backup-service';
import { isBackupName } from '../../../../src/main/core/backup/backup-index';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { PIN_FILE } from '../../../../src/main/core/lock/pin-store';
import { seedLedger } from '../../../support/seed-ledger';
import { tempDir } from '../../../support/temp-dir';

const T0 = Date.parse('2026-11-20T06:00:00Z');
let dir: string;
let ledger: Ledger;
let usb: string;
let pinFile: string;
let logged: string[];

function service(): BackupService {
  return new BackupService({
    ledgerFile: join(dir, 'data', 'ledger.db'),
    localDir: join(dir, 'data', 'backups'),
    secondDir: () => usb,
    settingsJson: () => '{}',
    fingerprint: () => ledger.fingerprint(),
    now: () => T0,
    setSecondFolder: () => {},
    log: (line) => logged.push(line),
  });
}

const entry = (file: string, at: number) => ({ file, at, reason: 'daily', counts: { txns: 1 }, first: null, last: null, fingerprint: 'x' });

beforeEach(() => {
  dir = tempDir('backup-index');
  usb = join(dir, 'usb', 'RechargeDesk backups', 'demo');
  mkdirSync(usb, { recursive: true });
  seedLedger(join(dir, 'data', 'ledger.db'), 10, T0);
  ledger = Ledger.open(join(dir, 'data', 'ledger.db'), T0);
  pinFile = join(dir, 'data', PIN_FILE);
  writeFileSync(pinFile, '{"the":"owner pin"}');
  logged = [];
});
afterEach(() => ledger.close());

describe('the backup index names files inside its own folder only', () => {
  it('a backups.json on the pen drive with ../../ names does not make rotation delete the owner PIN file', async () => {
    // Four decoys, newest, kept by rotation (the five newest stay); below them, older entries that
    // rotation would drop: every spelling of the PIN file's path from the drive's folder.
    const decoys = [1, 2, 3, 4].map((k) => {
      writeFileSync(join(dir, 'data', `decoy-${k}`), 'x');
      return entry(`../../../data/decoy-${k}`, T0 - k * 60_000);
    });
    const pin = [
      '../../../data/owner-pin.json',
      '../../../data/./owner-pin.json',
      '../../.././data/owner-pin.json',
      './../../../data/owner-pin.json',
      '..\\..\\..\\data\\owner-pin.json',
      pinFile,
    ].map((file, i) => entry(file, T0 - (10 + i) * 60_000));
    writeFileSync(join(usb, 'backups.json'), JSON.stringify({ version: 1, backups: [...decoys, ...pin] }));

    const status = await service().backup('manual');

    expect(readFileSync(pinFile, 'utf8')).toBe('{"the":"owner pin"}');
    for (const k of [1, 2, 3, 4]) expect(existsSync(join(dir, 'data', `decoy-${k}`))).toBe(true);
    // Only the app's own backup is listed; each entry that was not a plain name is in the log.
    const second = status.folders.find((f) => f.kind === 'second');
    expect(second?.newest?.at).toBe(T0);
    expect((await service().list()).filter((b) => b.folder === 'second').map((b) => b.file)).toEqual([second!.newest!.file]);
    expect(logged.filter((l) => l.includes('not a backup name')).length).toBeGreaterThanOrEqual(10);
  });

  it('a listed name that is a link is not followed: not offered for restore, its target untouched', async () => {
    const link = 'ledger-2026-11-19T06-00-00-000Z.db';
    symlinkSync(pinFile, join(usb, link));
    writeFileSync(join(usb, 'backups.json'), JSON.stringify({ version: 1, backups: [entry(link, T0 - 86_400_000)] }));
    expect((await service().list()).map((b) => b.file)).not.toContain(link);
    await service().backup('manual');
    expect(existsSync(pinFile)).toBe(true);
  });

  it('takes the names this app writes and nothing that leaves the folder', () => {
    expect(isBackupName('ledger-2026-11-20T06-00-00-000Z.db')).toBe(true);
    for (const bad of [
      '../ledger-x.db',
      'ledger-x.db/..',
      '/etc/ledger-x.db',
      'ledger-..\\x.db',
      'ledger-x.db\0',
      '..',
      '',
      'owner-pin.json',
      'sub/ledger-x.db',
    ]) {
      expect(isBackupName(bad), bad).toBe(false);
    }
  });
});
