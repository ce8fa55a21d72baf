import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsService } from '../../../../src/main/core/settings/settings-service';
import { SettingsWriteError } from '../../../../src/main/core/settings/settings-store';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { JsonFileSettingsStore } from '../../../../src/main/adapters/json-file-settings-store';
import { mountSmallDisk, type SmallDisk } from '../../../support/small-disk';
import { refusal } from '../../../support/refusal';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';

const LIVE = {
  version: 1,
  installPrefix: 'AB12',
  mode: 'live',
  provider: { baseUrl: 'https://provider.example.com', username: '9876543210' },
};

/** The real file store, counting writes and failing them on demand with a given errno. */
class CountingStore extends JsonFileSettingsStore {
  saves = 0;
  failWith: string | null = null;
  override save(value: object): void {
    this.saves++;
    if (this.failWith)
      throw new SettingsWriteError('settings.json', Object.assign(new Error(`${this.failWith}: injected`), { code: this.failWith }));
    super.save(value);
  }
}

let dir: string;
let file: string;
let disk: SmallDisk | undefined;
beforeEach(() => {
  dir = tempDir('settings-w');
  file = join(dir, 'settings.json');
});
afterEach(() => {
  disk?.dispose();
  disk = undefined;
});

describe('settings are written only when they change', () => {
  it('a start with a current file writes nothing; a change writes once; the same change again writes nothing', () => {
    const first = new CountingStore(file);
    new SettingsService(first).update({ lowBalanceRupees: 750 });
    expect(first.saves).toBe(2); // the defaults of a new install, then the change
    const before = statSync(file).mtimeMs;
    const again = new CountingStore(file);
    const s = new SettingsService(again);
    expect(again.saves).toBe(0);
    s.update({ lowBalanceRupees: 750 });
    expect(again.saves).toBe(0);
    expect(statSync(file).mtimeMs).toBe(before);
    s.update({ lowBalanceRupees: 800 });
    expect(again.saves).toBe(1);
  });
});

describe('a failed write is what it is, never damage, and never turns a live account into demo', () => {
  it('an upgrade write that fails with ENOSPC at start: live stays live, the file stays, the notice says the disk is full', () => {
    const { version: _v, ...beforeVersions } = LIVE;
    writeFileSync(file, JSON.stringify(beforeVersions));
    const store = new CountingStore(file);
    store.failWith = 'ENOSPC';
    const s = new SettingsService(store);
    expect(s.get()).toMatchObject({ mode: 'live', provider: LIVE.provider, installPrefix: 'AB12' });
    expect(s.notice).toEqual({ code: 'settings_not_saved', params: { reason: 'disk_full', cue: 'ENOSPC' } });
    if (s.notice) {
      expect(outcomeText('en', s.notice)).toMatch(/disk is full/);
      expect(outcomeText('en', s.notice)).not.toMatch(/damaged/);
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(beforeVersions);
    expect(readdirSync(dir).filter((f) => f.includes('.bad-'))).toEqual([]);
  });

  for (const [code, reason, words] of [
    ['EROFS', 'read_only', /read-only/],
    ['EACCES', 'no_permission', /may not write/],
    ['ENOSPC', 'disk_full', /disk is full/],
  ] as const) {
    it(`a change that cannot be written (${code}) is refused in plain words and changes nothing`, () => {
      writeFileSync(file, JSON.stringify(LIVE));
      const store = new CountingStore(file);
      const s = new SettingsService(store);
      const onDisk = readFileSync(file, 'utf8');
      store.failWith = code;
      let thrown: unknown;
      try {
        s.update({ mode: 'demo', lowBalanceRupees: 900 });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(UserFacingError);
      const { outcome } = thrown as UserFacingError;
      expect(outcome).toEqual({ code: 'settings_not_saved', params: { reason, cue: code } });
      expect(outcomeText('en', outcome)).toMatch(words);
      expect(s.get()).toMatchObject({ mode: 'live', lowBalanceRupees: 500 });
      expect(readFileSync(file, 'utf8')).toBe(onDisk);
    });
  }

  it('a damaged file falls back to the last good copy, keeping the live account', () => {
    const s = new SettingsService(new JsonFileSettingsStore(file));
    s.update({ mode: 'live', provider: LIVE.provider });
    s.update({ lowBalanceRupees: 650 });
    writeFileSync(file, '{"mode": "live", ');
    const back = new SettingsService(new JsonFileSettingsStore(file));
    expect(back.notice).toMatchObject({ code: 'settings_restored' });
    expect(back.get()).toMatchObject({ mode: 'live', provider: LIVE.provider });
    expect(readdirSync(dir).filter((f) => f.startsWith('settings.json.bad-'))).toHaveLength(1);
  });

  it('a file that parses is never set aside: what fits is kept, what does not goes back to its default', () => {
    writeFileSync(file, JSON.stringify({ ...LIVE, lowBalanceRupees: 'lots' }));
    const s = new SettingsService(new JsonFileSettingsStore(file));
    expect(s.get()).toMatchObject({ mode: 'live', provider: LIVE.provider, lowBalanceRupees: 500 });
    expect(s.notice).toMatchObject({ code: 'settings_reset', params: { dropped: expect.stringMatching(/lowBalanceRupees/) } });
    expect(existsSync(file)).toBe(true);
  });
});

describe('on a really full or read-only disk (a small tmpfs)', () => {
  it('ENOSPC and EROFS are reported as such; the good file on disk is unchanged and stays in place', (ctx) => {
    const mounted = mountSmallDisk('256k');
    if (typeof mounted === 'string') return ctx.skip(mounted);
    disk = mounted;
    const onDisk = join(disk.dir, 'settings.json');
    const s = new SettingsService(new JsonFileSettingsStore(onDisk));
    s.update({ mode: 'live', provider: LIVE.provider });
    const good = readFileSync(onDisk, 'utf8');

    disk.fill();
    expect(refusal(() => s.update({ lowBalanceRupees: 900 }))).toEqual({
      code: 'settings_not_saved',
      params: { reason: 'disk_full', cue: 'ENOSPC' },
    });
    expect(readFileSync(onDisk, 'utf8')).toBe(good);
    const restarted = new SettingsService(new JsonFileSettingsStore(onDisk));
    expect(restarted.get()).toMatchObject({ mode: 'live', provider: LIVE.provider });
    expect(restarted.notice).toBeNull();

    disk.free();
    execFileSync('mount', ['-o', 'remount,ro', disk.dir]);
    try {
      expect(refusal(() => s.update({ lowBalanceRupees: 900 }))).toEqual({
        code: 'settings_not_saved',
        params: { reason: 'read_only', cue: 'EROFS' },
      });
      expect(readFileSync(onDisk, 'utf8')).toBe(good);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', disk.dir]);
    }
    expect(s.update({ lowBalanceRupees: 900 }).lowBalanceRupees).toBe(900);
    expect(readdirSync(disk.dir).filter((f) => f.includes('.tmp-') || f.includes('.bad-'))).toEqual([]);
  });
});

describe('the whole app on a full disk', () => {
  it('a start with the disk full fails without harm; once there is room the live account and its open recharge are all there', async (ctx) => {
    const mounted = mountSmallDisk('4m');
    if (typeof mounted === 'string') return ctx.skip(mounted);
    disk = mounted;
    const { startSandbox } = await import('../../../../src/sandbox');
    const { openHarness } = await import('../flow/harness-client');
    const { openLiveHarness } = await import('../../../support/live-harness');
    const sandbox = await startSandbox({ token: 'live-token-abcdef', balance: 5000, pendingMs: 600_000 });
    try {
      let h = await openLiveHarness(sandbox, { keepDir: disk.dir });
      const open = await h.ok('recharge:submit', { number: '9876544444', operator: 'JIO', amount: 10 });
      await h.dispose();
      // An older settings file needs an upgrade write at start; the disk has no room for it, nor
      // SQLite for the ledger's writes (or its shared-memory file, had the quit not kept it): the
      // start fails (a start-up error to show).
      const file = join(disk.dir, 'settings.json');
      const { version: _v, ...older } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify(older));
      disk.fill();
      await expect(openHarness({ keepDir: disk.dir })).rejects.toThrow(/disk I\/O error|disk is full|SQLITE/);
      // Nothing was taken for damage: no settings file or ledger was set aside; the lock is free.
      expect(readdirSync(disk.dir).filter((f) => f.includes('.bad-'))).toEqual([]);
      expect(readdirSync(join(disk.dir, 'live'), { recursive: true }).filter((f) => String(f).includes('damaged'))).toEqual([]);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(older);

      disk.free();
      h = await openHarness({ keepDir: disk.dir });
      try {
        expect((await h.ok('app:info')).mode).toBe('live');
        expect((await h.ok('txn:open')).items.map((t) => t.refId)).toContain(open.txn.refId);
      } finally {
        await h.dispose();
      }
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});
