import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';

// Issue 27 item 5: a database password given in the shop ledger's address, in any spelling.
let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const SECRET = 'hunter2-in-the-address';

/** Every byte of a folder and its subfolders, as text. */
function everyByte(dir: string): string {
  return readdirSync(dir)
    .map((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? everyByte(path) : readFileSync(path).toString('latin1');
    })
    .join('\n');
}

describe('a password in the shop ledger address', () => {
  it('is refused in plain words wherever it is (user part, ?password= in any case, sslpassword); nothing is saved', async () => {
    h = await openHarness();
    for (const url of [
      `postgres://rd:${SECRET}@127.0.0.1:5432/shop`,
      `postgres://rd@127.0.0.1:5432/shop?password=${SECRET}`,
      `postgres://rd@127.0.0.1:5432/shop?sslmode=disable&PASSWORD=${SECRET}`,
      `postgresql://rd@127.0.0.1/shop?PassWord=${SECRET}`,
      `postgres://rd@127.0.0.1/shop?pass%77ord=${SECRET}`,
      `postgres://rd@127.0.0.1/shop?sslpassword=${SECRET}`,
    ]) {
      const r = await h.call('shop:configure', { url, tls: 'disable', counterName: 'Front' });
      expect(r, url).toMatchObject({ ok: false, error: { code: 'shop_address_password' } });
      if (r.ok) continue;
      expect(outcomeText('en', r.error)).toMatch(/^Take the password out of the address/);
      expect(outcomeText('hi', r.error)).toContain('पासवर्ड');
    }
    expect((await h.ok('settings:get')).shopLedger.url).toBe('');
    expect(everyByte(h.dataDir)).not.toContain(SECRET);
  });

  it('one already in settings.json is taken out at start: not in settings, status, diagnostics, backups or the move file', async () => {
    const dataDir = tempDir('shop-pw');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({
        version: 1,
        installPrefix: 'QQQQ',
        shopLedger: { url: `postgres://rd@127.0.0.1:5432/shop?sslmode=disable&Password=${SECRET}`, tls: 'disable', counterName: 'Front' },
      }),
    );
    h = await openHarness({ keepDir: dataDir });
    const status = await h.ok('shop:status'); // a staff channel
    expect(status.url).toBe('postgres://rd@127.0.0.1:5432/shop?sslmode=disable');
    expect(JSON.stringify(status)).not.toContain(SECRET);
    expect((await h.ok('settings:get')).shopLedger.url).not.toContain(SECRET);
    const diagnostics = await h.ok('app:saveDiagnostics');
    expect(readFileSync(diagnostics.path!, 'utf8')).not.toContain(SECRET);
    const usb = tempDir('shop-pw-usb');
    const moved = await h.ok('backup:export', { folder: usb });
    expect(readFileSync(moved.path).toString('latin1')).not.toContain(SECRET);
    await h.dispose();
    h = null;
    // The closing backup, the settings file and the copy kept before each write: none holds it.
    expect(existsSync(join(dataDir, 'settings.json.last-good'))).toBe(true);
    expect(everyByte(dataDir)).not.toContain(SECRET);
  });
});
