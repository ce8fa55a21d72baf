import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createRefIdGenerator, refIdCeiling } from '../../../../src/main/core/recharge/ref-id';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { tempDir } from '../../../support/temp-dir';

describe('no ref_id is ever reused, even after a restore', () => {
  it('continues past the newest ref_id of this install in the ledger, even when the clock is behind it', () => {
    const dir = tempDir('refid');
    const ledger = Ledger.open(join(dir, 'ledger.db'));
    const later = Date.parse('2026-12-01T10:00:00Z');
    // A restored ledger made on a PC whose clock was ahead: its ids are "from the future".
    const old = createRefIdGenerator('SHOP', () => later);
    const restored = Array.from({ length: 50 }, () => old());
    for (const refId of restored)
      ledger.insertSubmitting({ refId, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-12-01', now: later });
    ledger.insertSubmitting({
      refId: 'OTHR0ZZZZZZZZZZZ',
      number: '9876543210',
      operator: 'JIO',
      amount: 1000,
      rechargeDate: '2026-12-01',
      now: later,
    });
    expect(ledger.lastRefId('SHOP')).toBe([...restored].sort().at(-1));

    const behind = later - 3600_000;
    const next = createRefIdGenerator('SHOP', () => behind, ledger.lastRefId('SHOP'));
    const fresh = Array.from({ length: 2000 }, () => next());
    for (const id of fresh) {
      expect(restored).not.toContain(id);
      expect(id > restored.at(-1)!).toBe(true);
    }
    expect(new Set(fresh).size).toBe(fresh.length);
    ledger.close();
  });

  it('without a ledger to continue from, it starts from the clock as before', () => {
    const t = Date.parse('2026-12-01T10:00:00Z');
    expect(createRefIdGenerator('SHOP', () => t, null)()).toMatch(/^SHOP/);
    expect(createRefIdGenerator('SHOP', () => t, 'OTHR0ZZZZZZZZZZZ')().slice(4, 13)).toBe(t.toString(36).toUpperCase().padStart(9, '0'));
  });

  it('a crafted ref_id in a restored ledger does not push later ids out of shape (issue 27)', () => {
    const dir = tempDir('refid-crafted');
    const ledger = Ledger.open(join(dir, 'ledger.db'));
    const t = Date.parse('2026-12-01T10:00:00Z');
    const own = createRefIdGenerator('SHOP', () => t)();
    const farAhead = `SHOP${(t + 5 * 365 * 24 * 3600_000).toString(36).toUpperCase().padStart(9, '0')}00A`;
    for (const refId of [own, 'SHOPZZZZZZZZZZZZZ', 'SHOPZZZZZZZZZZZZ', farAhead])
      ledger.insertSubmitting({ refId, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-12-01', now: t });
    const last = ledger.lastRefId('SHOP', refIdCeiling('SHOP', t));
    expect(last).toBe(own);
    const next = createRefIdGenerator('SHOP', () => t, last);
    const ids = Array.from({ length: 10 }, () => next());
    for (const id of ids) {
      expect(id).toMatch(/^SHOP[0-9A-Z]{12}$/);
      expect(id > own).toBe(true);
    }
    // Even handed the crafted one directly, the generator keeps its shape and the clock's time.
    for (const crafted of ['SHOPZZZZZZZZZZZZZ', 'SHOPZZZZZZZZZZZZ', farAhead])
      expect(createRefIdGenerator('SHOP', () => t, crafted)()).toMatch(new RegExp(`^SHOP${t.toString(36).toUpperCase().padStart(9, '0')}`));
    ledger.close();
  });
});
