import { describe, expect, it } from 'vitest';
import {
  StartupError,
  atStage,
  describeInternalError,
  describeRendererGone,
  describeStartupFailure,
  describeStartupNotice,
} from '../../../src/main/shell/startup-failure';
import { outcome } from '../../../src/shared/outcomes/outcome-registry';
import { outcomeText } from '../../../src/shared/words/outcome-text';
import { rateLimit, within } from '../../../src/main/shell/bounded';

const DIR = '/home/shop/.config/RechargeDesk';
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('what a failed start tells the shopkeeper', () => {
  it.each([
    [
      'a ledger from a newer version',
      new Error('this ledger was written by a newer RechargeDesk (schema 9); update the app'),
      /newer version/,
      /Install the newest/,
    ],
    ['a data folder in use', coded('SQLITE_BUSY', 'database is locked'), /in use by another copy/, /Close the other copy/],
    ['a full disk', coded('ENOSPC'), /disk is full/, /Free some space/],
    ['a full disk, as SQLite says it', coded('SQLITE_FULL', 'database or disk is full'), /disk is full/, /Free some space/],
    ['a folder it may not write', coded('EACCES'), /not allowed to read or write/, /write access/],
    ['a read-only disk', coded('EROFS'), /not allowed to read or write/, /write access/],
    ['anything else', new Error('boom'), /stopped RechargeDesk from starting/, /call support/],
  ])('%s: what happened, the data folder and what to do, in English and Hindi', (_name, error, what, todo) => {
    const text = describeStartupFailure(new StartupError('core', error), DIR);
    expect(text.message).toMatch(what);
    expect(text.detail).toMatch(todo);
    expect(text.detail).toContain(`Data folder: ${DIR}`);
    expect(text.detail).toContain(`डेटा फ़ोल्डर: ${DIR}`);
    // Hindi words in both the message and the advice.
    expect(text.message).toMatch(/[\u0900-\u097F]/);
    expect(text.detail.split(`Data folder: ${DIR}`)[1]).toMatch(/[\u0900-\u097F]/);
  });

  it('names the file of the step that failed: the vault, the settings, the window', () => {
    expect(describeStartupFailure(new StartupError('vault', new SyntaxError('Unexpected end of JSON input')), DIR).message).toContain(
      'vault.json',
    );
    expect(describeStartupFailure(new StartupError('settings', new Error('x')), DIR).message).toContain('settings.json');
    expect(describeStartupFailure(new StartupError('window', new Error('ERR_FILE_NOT_FOUND')), DIR).detail).toContain(
      'Install RechargeDesk again',
    );
    // A step's own code wins over the step: an unreadable vault is a permissions problem.
    expect(describeStartupFailure(new StartupError('vault', coded('EACCES')), DIR).message).toContain('not allowed');
  });

  it('keeps the technical detail short, and labels a throw with its step only once', async () => {
    const text = describeStartupFailure(new Error('x'.repeat(5000)), DIR);
    expect(text.detail.length).toBeLessThan(2000);
    const inner = await atStage('vault', () => Promise.reject(new Error('bad'))).catch((e: unknown) => e);
    const outer = await atStage('core', () => Promise.reject(inner)).catch((e: unknown) => e);
    expect(outer).toBeInstanceOf(StartupError);
    expect(outer instanceof StartupError && outer.stage).toBe('vault');
  });

  it('says what to do after an internal error or a dead window, in both languages', () => {
    expect(describeInternalError(new Error('x')).message).toMatch(/safe in the history[\s\S]*सुरक्षित/);
    expect(describeRendererGone('oom').message).toMatch(/check in History[\s\S]*इतिहास/);
  });
});

describe('a problem the app started through', () => {
  it('is worded from the catalogue in English and Hindi, with its figures and the data folder', () => {
    const salvaged = outcome('ledger_salvaged', { txns: 1987, open: 12, lostRefs: ['AB12XYZ'], lost: 1, file: '/d/ledger.db.damaged-1' });
    const text = describeStartupNotice({ outcome: salvaged }, DIR);
    expect(text.message).toBe(`${outcomeText('en', salvaged)}\n${outcomeText('hi', salvaged)}`);
    expect(text.message).toMatch(/1987 transactions[\s\S]*[\u0900-\u097F]/);
    for (const figure of ['1987', '12', 'AB12XYZ', '/d/ledger.db.damaged-1']) {
      expect(outcomeText('en', salvaged)).toContain(figure);
      expect(outcomeText('hi', salvaged)).toContain(figure);
    }
    expect(text.detail).toContain(DIR);
  });
});

describe('bounded waits', () => {
  it('a close that hangs is cut off; one that ends or fails is reported as such', async () => {
    expect(await within(new Promise(() => {}), 20)).toBe('timed-out');
    expect(await within(Promise.resolve(), 1000)).toBe('done');
    expect(await within(Promise.reject(new Error('x')), 1000)).toBe('failed');
  });

  it('allows a few events a minute, then refuses until the window passes', () => {
    let now = 0;
    const may = rateLimit(3, 60_000, () => now);
    expect([may(), may(), may(), may()]).toEqual([true, true, true, false]);
    now = 60_001;
    expect(may()).toBe(true);
  });
});
