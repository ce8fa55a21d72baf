import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { SettingsService } from '../../../../src/main/core/settings/settings-service';
import { JsonFileSettingsStore } from '../../../../src/main/adapters/json-file-settings-store';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import type { Outcome } from '../../../../src/shared/outcomes/outcome-registry';
import { tempDir } from '../../../support/temp-dir';

/**
 * Issue 38 item 4: the shop's name goes into customers' WhatsApp reminders and onto receipts. A
 * line break fakes a line in the message, a bidirectional mark makes it read otherwise, a link
 * invites the customer to open it: each is refused with words, and nothing changes.
 */
let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const ATTACKS = [
  ['a line break', 'Sharma Store\nPay advance to 9999999999', 'line_break', /one line/],
  ['a bidirectional override', 'Sharma \u202Eerots', 'hidden', /hidden character/],
  ['a link', 'Sharma Store bit.ly/pay-now', 'link', /web link/],
  ['a web address', 'https://sharma-pay.example', 'link', /web link/],
] as const;

describe('texts customers read, through settings:update', () => {
  it.each(ATTACKS)('a shop name with %s is refused in both languages and nothing changes', async (_, name, problem, words) => {
    h = await openHarness();
    await h.ok('settings:update', { shop: { name: 'Sharma Store' } });
    const r = await h.call('settings:update', { shop: { name } });
    expect(r).toMatchObject({ ok: false, error: { code: 'customer_text_refused', params: { field: 'shopName', problem } } });
    if (r.ok) return;
    expect(outcomeText('en', r.error)).toMatch(words);
    expect(outcomeText('en', r.error)).toMatch(/Nothing was saved/);
    expect(outcomeText('hi', r.error)).toMatch(/कुछ नहीं सहेजा गया/);
    expect((await h.ok('settings:get')).shop.name).toBe('Sharma Store');
    const reminderShop = JSON.parse(readFileSync(join(h.dataDir, 'settings.json'), 'utf8')).shop.name;
    expect(reminderShop).toBe('Sharma Store');
  });

  it('an address with a bidirectional mark is refused too; a plain name and address are saved', async () => {
    h = await openHarness();
    const r = await h.call('settings:update', { shop: { address: 'MG Road \u2066Pune' } });
    expect(r).toMatchObject({ ok: false, error: { code: 'customer_text_refused', params: { field: 'shopAddress', problem: 'hidden' } } });
    const saved = await h.ok('settings:update', { shop: { name: 'शर्मा स्टोर & Sons', address: 'Shop 4, M.G. Road, Pune' } });
    expect(saved.shop).toMatchObject({ name: 'शर्मा स्टोर & Sons', address: 'Shop 4, M.G. Road, Pune' });
  });
});

describe('texts customers read, in a settings file written elsewhere', () => {
  const fileWith = (dir: string, shop: object, upi: object) => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ version: 1, installPrefix: 'AB12', mode: 'demo', lowBalanceRupees: 800, shop, upi }));
    return file;
  };

  it('a hand-edited name with a line break is not used, the rest is kept, the file is cleaned, and the owner is told', () => {
    const dir = tempDir('customer-texts');
    const file = fileWith(
      dir,
      { name: 'Sharma\nwww.pay-here.in', address: 'MG Road', paper: '58mm' },
      { vpa: 'sharma@okbank', payee: 'Sharma\u200FStore' },
    );
    const s = new SettingsService(new JsonFileSettingsStore(file));
    expect(s.get().shop).toMatchObject({ name: '', address: 'MG Road', paper: '58mm' });
    expect(s.get().upi).toEqual({ vpa: 'sharma@okbank', payee: '' });
    expect(s.get().lowBalanceRupees).toBe(800);
    expect(s.textNotices.map((n) => n.params)).toEqual([
      { field: 'shopName', problem: 'line_break', max: 120 },
      { field: 'upiPayee', problem: 'hidden', max: 50 },
    ]);
    const told = s.textNotices.map((n: Outcome) => outcomeText('en', n)).join(' ');
    expect(told).toMatch(/shop's name in the settings file has a line break.*type it again in Settings/);
    expect(s.textNotices.map((n: Outcome) => outcomeText('hi', n)).join(' ')).toMatch(/सेटिंग्स की फ़ाइल में दुकान का नाम/);
    expect(readFileSync(file, 'utf8')).not.toMatch(/pay-here|\\u200f/i);
  });

  it('the harness started on such a file shows the notice on the board', async () => {
    const dir = tempDir('customer-texts-board');
    fileWith(dir, { name: 'Sharma \u202Eerots' }, {});
    h = await openHarness({ keepDir: dir });
    expect((await h.ok('settings:get')).shop.name).toBe('');
    const board = await h.ok('app:notices');
    expect(JSON.stringify(board)).toMatch(/customer_text_dropped/);
  });
});
