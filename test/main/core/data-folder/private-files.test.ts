import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { istDate } from '../../../../src/shared/ist-date';
import { tempDir } from '../../../support/temp-dir';

const open: TestHarness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.dispose();
});

/** Every file and folder below `root` (not root itself), with what others may do with it. */
function othersMayReach(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const s = lstatSync(path);
      if ((s.mode & 0o077) !== 0) found.push(`${path.slice(root.length)} ${(s.mode & 0o777).toString(8)}`);
      if (s.isDirectory()) walk(path);
    }
  };
  walk(root);
  return found;
}

describe('files holding the books and the settings are private to the user', () => {
  it('ledger, backups in both folders, journal, move file, exports, settings and PIN: 0600; their folders 0700', async () => {
    const usb = tempDir('usb');
    const moveTo = tempDir('move-to');
    const h = await openHarness({ ownerPin: '2468' });
    open.push(h);
    await h.ok('settings:update', { lowBalanceRupees: 123 });
    await h.ok('backup:setFolder', { path: usb });
    const sent = await h.ok('recharge:submit', { number: '9812345555', operator: 'JIO', amount: 239 });
    expect(sent.txn.status).toBe('Success');
    await until(async () => !(await h.ok('backup:status')).running, 20_000, 'the backup to finish');
    await h.ok('backup:run');
    await h.ok('recharge:submit', { number: '9812355555', operator: 'JIO', amount: 149 }); // journaled on the drive
    const today = istDate(Date.now());
    for (const format of ['csv', 'xlsx'] as const) {
      expect((await h.ok('report:export', { from: today, to: today, format })).rows).toBeGreaterThan(0);
    }
    const moved = await h.ok('backup:export', { folder: moveTo });

    const made = (root: string) => readdirSync(root, { recursive: true }).map(String);
    expect(made(h.dataDir).some((f) => f.endsWith('.db'))).toBe(true);
    expect(made(h.dataDir).some((f) => f.startsWith('exports'))).toBe(true);
    expect(made(usb).some((f) => f.endsWith('.db'))).toBe(true);
    expect(made(usb).some((f) => f.includes('journal'))).toBe(true);
    expect(othersMayReach(h.dataDir)).toEqual([]);
    expect(othersMayReach(usb)).toEqual([]);
    expect(othersMayReach(moveTo)).toEqual([]);
    expect(lstatSync(h.dataDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(moved.path).mode & 0o777).toBe(0o600);
  }, 60_000);
});
