import { describe, expect, it } from 'vitest';
import { booksBalance, canSettle, hold, marginFor, settle, topUp, type Wallet } from '../../src/sandbox/wallet';

const fresh = (): Wallet => ({ buyer: 100_000, seller: 0, lien: 0, spent: 0, commission: 0, topups: 0, opening: 100_000 });

describe('wallet moves', () => {
  it('hold, then each settlement, keeps the books', () => {
    const held = hold(fresh(), 19_900);
    expect(held).toMatchObject({ buyer: 80_100, lien: 19_900 });
    const ok = settle(held, 'Pending', 'Success', 19_900, 497);
    expect(ok).toMatchObject({ buyer: 80_597, lien: 0, spent: 19_900, commission: 497 });
    const back = settle(ok, 'Success', 'Refunded', 19_900, 497);
    expect(back).toMatchObject({ buyer: 100_000, spent: 0, commission: 0 });
    const failed = settle(held, 'Pending', 'Failure', 19_900, 497);
    expect(failed).toMatchObject({ buyer: 100_000, lien: 0 });
    for (const w of [held, ok, back, failed, topUp(fresh(), 1)]) expect(booksBalance(w)).toBe(true);
  });

  it('refuses to overdraw, and refuses transitions the provider does not make', () => {
    expect(() => hold(fresh(), 100_001)).toThrow(/insufficient/);
    expect(() => hold(fresh(), 0)).toThrow();
    expect(canSettle('Failure', 'Success')).toBe(false);
    expect(canSettle('Refunded', 'Refunded')).toBe(false);
    expect(canSettle('Pending', 'Refunded')).toBe(false);
    expect(() => settle(fresh(), 'Failure', 'Success', 1, 0)).toThrow();
  });

  it('computes commission in whole paise, rounding down', () => {
    expect(marginFor(19_900, 250)).toBe(497);
    expect(marginFor(19_900, 333)).toBe(662);
    expect(marginFor(1_000, 0)).toBe(0);
  });
});
