import { describe, expect, it } from 'vitest';
import {
  StageFailure,
  atStage,
  startupOutcome,
  describeInternalError,
  describeRendererGone,
  describeStartupFailure,
  describeStartupNotice,
} from '../../../src/main/shell/startup-failure';
import { outcome } from '../../../src/shared/outcomes/outcome-registry';
import { outcomeText } from '../../../src/shared/words/outcome-text';
import { rateLimit, within } from '../../../src/main/shell/bounded';
import { StartupError } from '../../../src/main/core/errors/startup-error';

const DIR = '/home/shop/.config/RechargeDesk';
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('what a failed start tells the shopkeeper', () => {
  it.each([
    [
      'a ledger from a newer version',
      new StartupError({ code: 'data_newer', params: { version: 9 } }),
      /newer version.*Install the newest/,
    ],
    [
      'the data folder locked by another RechargeDesk',
      new StartupError({ code: 'data_folder_in_use', params: { folder: DIR, pid: 4242 } }),
      /already in use by another RechargeDesk \(process 4242\)/,
    ],
    ['a data folder in use', coded('SQLITE_BUSY', 'database is locked'), /in use by another copy.*Close the other copy/],
    ['a full disk', coded('ENOSPC'), /disk is full.*Free some space/],
    ['a full disk, as SQLite says it', coded('SQLITE_FULL', 'database or disk is full'), /disk is full.*Free some space/],
    ['a disk error, as SQLite says it', coded('SQLITE_IOERR_WRITE', 'disk I/O error'), /did not read or write.*disk error/],
    ['a history file SQLite cannot open', coded('SQLITE_CANTOPEN', 'unable to open database file'), /could not open its history file/],
    ['a folder it may not write', coded('EACCES'), /not allowed to read or write.*write access/],
    ['a read-only disk', coded('EROFS'), /not allowed to read or write.*write access/],
    ['anything else', new Error('boom'), /stopped RechargeDesk from starting.*call support/],
  ])('%s: what happened and what to do, in English and Hindi, with the data folder', (_name, error, words) => {
    const text = describeStartupFailure(new StageFailure('core', error), DIR);
    const [english, hindi] = text.message.split('\n\n');
    expect(english).toMatch(words);
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    expect(hindi).not.toMatch(/\b(the|and|with|start)\b/i);
    expect(text.detail).toContain(`Data folder / डेटा फ़ोल्डर: ${DIR}`);
  });

  it('recognises a start-up error by its code, never by its wording', () => {
    // English that once meant "newer version" is nothing special now: only the code counts.
    expect(startupOutcome('core', new Error('this ledger was written by a newer RechargeDesk (schema 9)'))).toEqual({
      code: 'start_failed',
      params: {},
    });
    expect(startupOutcome('core', new StartupError({ code: 'data_newer', params: { version: 9 } }))).toEqual({
      code: 'data_newer',
      params: { version: 9 },
    });
  });

  it('names the file of the step that failed: the vault, the settings, the window', () => {
    expect(describeStartupFailure(new StageFailure('vault', new SyntaxError('Unexpected end of JSON input')), DIR).message).toContain(
      'vault.json',
    );
    expect(describeStartupFailure(new StageFailure('settings', new Error('x')), DIR).message).toContain('settings.json');
    expect(describeStartupFailure(new StageFailure('window', new Error('ERR_FILE_NOT_FOUND')), DIR).message).toContain(
      'Install RechargeDesk again',
    );
    // A step's own code wins over the step: an unreadable vault is a permissions problem.
    expect(describeStartupFailure(new StageFailure('vault', coded('EACCES')), DIR).message).toContain('not allowed');
  });

  it('keeps the technical detail short, and labels a throw with its step only once', async () => {
    const text = describeStartupFailure(new Error('x'.repeat(5000)), DIR);
    expect(text.detail.length).toBeLessThan(2000);
    const inner = await atStage('vault', () => Promise.reject(new Error('bad'))).catch((e: unknown) => e);
    const outer = await atStage('core', () => Promise.reject(inner)).catch((e: unknown) => e);
    expect(outer).toBeInstanceOf(StageFailure);
    expect(outer instanceof StageFailure && outer.stage).toBe('vault');
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
