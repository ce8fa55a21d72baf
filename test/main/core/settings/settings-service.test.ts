import { beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsService } from '../../../../src/main/core/settings/settings-service';
import { JsonFileSettingsStore } from '../../../../src/main/adapters/json-file-settings-store';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let file: string;
beforeEach(() => {
  dir = tempDir('settings');
  file = join(dir, 'settings.json');
});

const open = () => new SettingsService(new JsonFileSettingsStore(file));

describe('settings', () => {
  it('starts with defaults and a per-install prefix, written to disk', () => {
    const s = open();
    expect(s.get()).toMatchObject({
      version: 1,
      mode: 'demo',
      recharge: { duplicateWindowMinutes: 3 },
      poller: { maxOpenHours: 72 },
      lowBalanceRupees: 500,
      callbackListener: { enabled: false },
    });
    expect(s.get().installPrefix).toMatch(/^[0-9A-Z]{4}$/);
    expect(JSON.parse(readFileSync(file, 'utf8')).installPrefix).toBe(s.get().installPrefix);
    expect(s.notice).toBeNull();
  });

  it('keeps the install prefix and changes across restarts', () => {
    const first = open();
    first.update({ lowBalanceRupees: 1000, poller: { maxInFlight: 2 } });
    const again = open();
    expect(again.get()).toMatchObject({
      installPrefix: first.get().installPrefix,
      lowBalanceRupees: 1000,
      poller: { maxInFlight: 2, firstCheckSeconds: 3 },
    });
  });

  it('a file that is not JSON is kept aside, defaults load, and the shopkeeper is told', () => {
    writeFileSync(file, '{ "mode": "live", ');
    const s = open();
    expect(s.get().mode).toBe('demo');
    expect(s.notice).toEqual({ code: 'settings_reset', params: { copy: expect.stringMatching(/settings\.json\.bad-/) } });
    if (s.notice) expect(outcomeText('en', s.notice)).toMatch(/could not be read/);
    expect(readdirSync(dir).filter((f) => f.startsWith('settings.json.bad-'))).toHaveLength(1);
  });

  it('a hand edit that does not fit is kept aside too', () => {
    writeFileSync(file, JSON.stringify({ version: 1, installPrefix: 'AB12', lowBalanceRupees: 'lots' }));
    const s = open();
    expect(s.notice).toEqual({
      code: 'settings_reset',
      params: { dropped: expect.stringContaining('lowBalanceRupees'), copy: expect.stringMatching(/settings\.json\.bad-/) },
    });
    if (s.notice) expect(outcomeText('en', s.notice)).toMatch(/did not fit \(.*lowBalanceRupees.*\)/);
    expect(s.get().lowBalanceRupees).toBe(500);
  });

  it('migrates a file from before versions, keeping what it held', () => {
    writeFileSync(file, JSON.stringify({ installPrefix: 'ZZ99', language: 'hi', recharge: { duplicateWindowMinutes: 5 } }));
    const s = open();
    expect(s.notice).toBeNull();
    expect(s.get()).toMatchObject({
      version: 1,
      installPrefix: 'ZZ99',
      language: 'hi',
      recharge: { duplicateWindowMinutes: 5 },
      poller: { maxOpenHours: 72 },
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
    expect(existsSync(file)).toBe(true);
  });
});
