import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createRefIdGenerator, refIdCeiling } from '../../../../src/main/core/recharge/ref-id';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { REF_ID_SHAPE, refIdForm, refIdOwnedBy, type RefLimits } from '../../../../src/shared/ref-id-shape';
import { refIdShape } from '../../../../src/main/core/ledger/row-schemas';
import { checkJournal } from '../../../../src/main/core/backup/journal-check';
import { checkPulledRow } from '../../../../src/main/core/shop-ledger/shop-rows';
import { tempDir } from '../../../support/temp-dir';

const T = Date.parse('2026-12-01T10:00:00Z');
const LIMITS: RefLimits[] = [
  { maxLength: 40, digitsOnly: false },
  { maxLength: 16, digitsOnly: false },
  { maxLength: 15, digitsOnly: false },
  { maxLength: 12, digitsOnly: false },
  { maxLength: 40, digitsOnly: true },
  { maxLength: 19, digitsOnly: true },
  { maxLength: 16, digitsOnly: true },
  { maxLength: 14, digitsOnly: true },
  { maxLength: 13, digitsOnly: true },
  { maxLength: 12, digitsOnly: true },
];

const burst = (next: () => string, n: number) => Array.from({ length: n }, () => next());

describe('our reference obeys the provider profile’s limits', () => {
  for (const limits of LIMITS) {
    const label = `${limits.digitsOnly ? 'digits only' : 'letters and digits'}, at most ${limits.maxLength}`;

    it(`${label}: 10,000 in one millisecond are unique, strictly increasing, in the limits, of our shape and this install's`, () => {
      const ids = burst(
        createRefIdGenerator('AB12', () => T, null, limits),
        10_000,
      );
      expect(new Set(ids).size).toBe(ids.length);
      for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
      for (const id of [ids[0]!, ids.at(-1)!]) {
        expect(id.length).toBeLessThanOrEqual(limits.maxLength);
        expect(id.length).toBeGreaterThanOrEqual(12);
        if (limits.digitsOnly) expect(id).toMatch(/^\d+$/);
        expect(id).toMatch(REF_ID_SHAPE);
        // A restored or moved ledger's rows are rebuilt only if their ref_id passes this.
        expect(refIdShape.safeParse(id).success).toBe(true);
        expect(refIdOwnedBy(id, 'AB12')).toBe(true);
        expect(refIdOwnedBy(id, 'ZZ99')).toBe(false);
      }
    });

    it(`${label}: later ids sort after earlier ones, and two installs never make the same id`, () => {
      let t = T;
      const a = createRefIdGenerator('AB12', () => t, null, limits);
      const b = createRefIdGenerator('ZZ99', () => t, null, limits);
      const seen = new Set<string>();
      let prev = '';
      for (let i = 0; i < 500; i++) {
        t += 7_919; // uneven steps across many slots
        const [x, y] = [a(), b()];
        expect(x > prev).toBe(true);
        prev = x;
        expect(seen.has(x) || seen.has(y) || x === y).toBe(false);
        seen.add(x).add(y);
      }
    });

    it(`${label}: continues past the newest id of its form in a restored ledger, the clock an hour behind`, () => {
      const form = refIdForm(limits)!;
      const ledger = Ledger.open(join(tempDir('refform'), 'ledger.db'));
      const add = (refId: string) =>
        ledger.insertSubmitting({ refId, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-12-01', now: T });
      const restored = burst(
        createRefIdGenerator('AB12', () => T, null, limits),
        300,
      );
      restored.forEach(add);
      // Ids of other forms and other installs in the same ledger do not move the floor.
      const other: RefLimits = form.kind === 'letters' ? { maxLength: 14, digitsOnly: true } : { maxLength: 16, digitsOnly: false };
      add(createRefIdGenerator('AB12', () => T + 9e9, null, other)());
      add(createRefIdGenerator('ZZ99', () => T + 9e9, null, limits)());
      const newest = [...restored].sort().at(-1)!;
      expect(ledger.lastRefId('AB12', refIdCeiling('AB12', T, form), form)).toBe(newest);

      const next = createRefIdGenerator('AB12', () => T - 3600_000, ledger.lastRefId('AB12', refIdCeiling('AB12', T, form), form), limits);
      const fresh = burst(next, 1000);
      for (const id of fresh) expect(id > newest).toBe(true);
      expect(new Set([...fresh, ...restored]).size).toBe(fresh.length + restored.length);
      ledger.close();
    });
  }

  it('the document’s 16 characters are made exactly as before profiles', () => {
    const id = createRefIdGenerator('SHOP', () => T, null, { maxLength: 20, digitsOnly: false })();
    expect(id).toMatch(/^SHOP[0-9A-Z]{12}$/);
    expect(id.slice(4, 13)).toBe(T.toString(36).toUpperCase().padStart(9, '0'));
    expect(createRefIdGenerator('SHOP', () => T)().slice(0, 15)).toBe(id.slice(0, 15));
  });

  it('14 digits (KWIKAPI-like): 3 digits of the prefix, then tenths of a second since 2025', () => {
    const id = createRefIdGenerator('ABCD', () => T, null, { maxLength: 14, digitsOnly: true })();
    expect(id).toBe(`261${String(Math.floor((T - Date.UTC(2025, 0, 1)) / 100)).padStart(11, '0')}`);
  });

  it('a crafted digits id years ahead in a restored ledger is not followed: ours stay 14 digits, from the clock', () => {
    const limits = { maxLength: 14, digitsOnly: true };
    const form = refIdForm(limits)!;
    const ledger = Ledger.open(join(tempDir('refform'), 'ledger.db'));
    const crafted = '26199999999999';
    ledger.insertSubmitting({ refId: crafted, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-12-01', now: T });
    const ours = createRefIdGenerator('ABCD', () => T, null, limits)();
    ledger.insertSubmitting({ refId: ours, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-12-01', now: T });
    expect(ledger.lastRefId('ABCD', refIdCeiling('ABCD', T, form), form)).toBe(ours);
    // Even handed the crafted one, the generator keeps to the clock.
    expect(createRefIdGenerator('ABCD', () => T + 1000, crafted, limits)()).toBe(
      createRefIdGenerator('ABCD', () => T + 1000, null, limits)(),
    );
    ledger.close();
  });

  it('below 12 characters there is no form, and the generator refuses rather than cut one', () => {
    expect(refIdForm({ maxLength: 11, digitsOnly: true })).toBeNull();
    expect(() => createRefIdGenerator('AB12', () => T, null, { maxLength: 11, digitsOnly: false })).toThrow();
  });

  it('a journal line and another counter’s row with a digits ref_id are accepted; a foreign digits id is not its counter’s', () => {
    const id = createRefIdGenerator('AB12', () => T, null, { maxLength: 14, digitsOnly: true })();
    const ledger = Ledger.open(join(tempDir('refform'), 'ledger.db'), T);
    ledger.insertSubmitting({ refId: id, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-12-01', now: T });
    const { after } = ledger.update(id, { status: 'Success', nextCheckAt: null }, 'reply', T + 1000);
    ledger.close();
    expect(checkJournal([{ txn: after, event: null }], () => null)).toMatchObject({ refused: [], accepted: [{ txn: { refId: id } }] });
    expect(checkJournal([{ txn: { ...after, refId: '12345678901' }, event: null }], () => null).refused).toHaveLength(1);
    const row = {
      refId: id,
      counter: 'AB12',
      counterName: 'Front',
      number: '9876543210',
      operator: 'JIO',
      amount: 1000,
      status: 'Success',
      message: '',
      createdAt: T,
      updatedAt: T,
      seq: 1,
    };
    expect(checkPulledRow(row, 'QQ77', null)).not.toHaveProperty('refused');
    expect(checkPulledRow({ ...row, counter: 'ZZ99' }, 'QQ77', null)).toEqual({ refused: 'not_its_counter' });
  });
});
