import { beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { KhataService } from '../../../../src/main/core/khata/khata-service';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

const T0 = Date.parse('2026-11-22T06:00:00Z');
const RAM = '9876501234';
let dir: string;
let ledger: Ledger;
let settings = settingsSchema.parse({ version: 1, installPrefix: 'AB12' });
beforeEach(() => {
  dir = tempDir('khata');
  settings = settingsSchema.parse({ version: 1, installPrefix: 'AB12', shop: { name: 'Gupta Mobile' } });
  ledger?.close();
  ledger = Ledger.open(join(dir, 'ledger.db'), T0);
});

const service = () => new KhataService({ ledger, now: () => T0, settings: () => settings });

function creditSale(refId: string, credit: number, number = RAM) {
  ledger.insertSubmitting({
    refId,
    number,
    operator: 'JIO',
    amount: credit,
    rechargeDate: '2026-11-22',
    now: T0,
    sale: { saleRef: null, method: 'credit', cash: 0, upi: 0, credit },
  });
}

const entries = () => ledgerDb(ledger).prepare('SELECT count(*) AS n FROM money_entries').get();

describe('the khata at the counter', () => {
  it('a credit sale raises the due; a part payment lowers it', () => {
    creditSale('KH00000001', 19_900);
    const k = service();
    expect(k.view(RAM)).toMatchObject({ due: 19_900, limit: 100_000, ownLimit: null });
    expect(k.pay(RAM, 100, 'cash').due).toBe(9_900);
    expect(k.pay(RAM, 99, 'upi').due).toBe(0);
  });

  it('refuses a payment above the due, a zero or negative amount, a bad number, and records nothing', () => {
    creditSale('KH00000001', 19_900);
    const k = service();
    expect(() => k.pay(RAM, 200, 'cash')).toThrow(
      expect.objectContaining({ outcome: { code: 'khata_pay_above_due', params: { due: 19_900 } } }),
    );
    expect(() => k.pay(RAM, 0, 'cash')).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_amount_invalid' }) }),
    );
    expect(() => k.pay(RAM, -50, 'cash')).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_amount_invalid' }) }),
    );
    expect(() => k.pay('98765x', 50, 'cash')).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'customer_number_invalid' }) }),
    );
    expect(() => k.pay('9800000001', 50, 'cash')).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_nothing_due' }) }),
    );
    expect(entries()).toEqual({ n: 0 });
    expect(k.view(RAM).due).toBe(19_900);
  });

  it('corrects a payment by a new entry naming it: the line stays, the due is as it should have been', () => {
    creditSale('KH00000001', 19_900);
    const k = service();
    // ₹150 typed where ₹15 was paid.
    const paid = k.pay(RAM, 150, 'cash').lines[0]!;
    expect(paid).toMatchObject({ kind: 'credit_payment', delta: -15_000, due: 4_900 });
    const after = k.correct(RAM, { id: paid.id, refId: null }, 15, true);
    expect(after.due).toBe(18_400);
    expect(after.lines.map((l) => [l.kind, l.delta, l.due])).toEqual([
      ['correction', 13_500, 18_400],
      ['credit_payment', -15_000, 4_900],
      ['sale', 19_900, 19_900],
    ]);
    expect(after.lines[0]!.corrects).toBe(paid.id);
    // Corrected again to the same amount: nothing to do, nothing written.
    expect(() => k.correct(RAM, { id: paid.id, refId: null }, 15, true)).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_correction_same' }) }),
    );
    // A sale put on credit by mistake (the customer paid cash): corrected to nothing.
    expect(k.correct(RAM, { id: null, refId: 'KH00000001' }, 0, true).due).toBe(18_400 - 19_900);
    expect(() => k.correct(RAM, { id: 999, refId: null }, 5, true)).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_entry_not_found' }) }),
    );
    expect(() => k.correct('9800000001', { id: null, refId: 'KH00000001' }, 5, true)).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_entry_not_found' }) }),
    );
  });

  it('takes the owner’s per-customer limit over the shop’s default, and refuses one out of range', () => {
    const k = service();
    settings = { ...settings, creditLimitRupees: 300 };
    expect(k.view(RAM).limit).toBe(30_000);
    expect(k.setLimit(RAM, 50).limit).toBe(5_000);
    expect(() => k.setLimit(RAM, -1)).toThrow(
      expect.objectContaining({ outcome: expect.objectContaining({ code: 'khata_limit_invalid' }) }),
    );
    expect(k.setLimit(RAM, null)).toMatchObject({ limit: 30_000, ownLimit: null });
  });

  it('writes a reminder in the customer’s language with the due and the shop’s UPI link', () => {
    creditSale('KH00000001', 19_950);
    const k = service();
    settings = { ...settings, upi: { vpa: 'guptamobile@icici', payee: 'Gupta Mobile' } };
    const en = k.reminder(RAM);
    expect(en.lang).toBe('en');
    expect(en.upiUri).toBe('upi://pay?pa=guptamobile%40icici&pn=Gupta%20Mobile&am=199.50&cu=INR&tr=KH9876501234&tn=Khata%201234');
    expect(en.text).toContain('₹199.50');
    // The date as the screens say it, never the books' 2026-11-28 (issue 40).
    expect(en.text).toMatch(/\(as of \d{1,2} [A-Z][a-z]{2} \d{4}\)\./);
    expect(en.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(en.whatsappUrl).toMatch(/^https:\/\/wa\.me\/919876501234\?text=/);
    expect(decodeURIComponent(en.whatsappUrl.split('text=')[1]!)).toBe(en.text);
    k.setLang(RAM, 'hi');
    const hi = k.reminder(RAM);
    expect(hi.text).toMatch(/बकाया ₹199\.50/);
    expect(hi.text).toMatch(/\(\d{1,2} \S+ \d{4} तक\)/);
    expect(hi.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(hi.upiUri).toContain('tn=%E0%A4%96%E0%A4%BE%E0%A4%A4%E0%A4%BE%201234');
    // No UPI set: no link, the due still said.
    settings = { ...settings, upi: { vpa: '', payee: '' } };
    expect(k.reminder(RAM)).toMatchObject({ upiUri: null });
  });

  it('lists dues by age with totals', () => {
    creditSale('KH00000001', 19_900);
    creditSale('KH00000002', 5_000, '9800000002');
    const d = service().dues();
    expect(d.today).toBe('2026-11-22');
    expect(d.ages).toEqual([{ key: 'fresh', count: 2, due: 24_900 }]);
    expect(d.items.map((i) => i.number).sort()).toEqual(['9800000002', RAM]);
  });
});
