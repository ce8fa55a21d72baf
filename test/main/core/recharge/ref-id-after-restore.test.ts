import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createRefIdGenerator } from '../../../../src/main/core/recharge/ref-id';
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
});
