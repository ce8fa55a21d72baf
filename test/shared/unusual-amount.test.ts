import { describe, expect, it } from 'vitest';
import { unusualAmount } from '../../src/shared/unusual-amount';

describe('an amount far from the usual', () => {
  it('names a stray key that makes ₹239 into ₹1,239 (about 5 times), or into ₹23', () => {
    expect(unusualAmount(123_900, 23_900, 2)).toEqual({ usual: 23_900, more: true, ratio: 5 });
    expect(unusualAmount(2_300, 23_900, 2)).toEqual({ usual: 23_900, more: false, ratio: 10 });
  });

  it('stays quiet within the shop’s factor either way, and without a usual amount', () => {
    expect(unusualAmount(23_900, 23_900, 2)).toBeNull();
    expect(unusualAmount(29_900, 23_900, 2)).toBeNull();
    expect(unusualAmount(15_500, 23_900, 2)).toBeNull();
    expect(unusualAmount(123_900, null, 2)).toBeNull();
    expect(unusualAmount(123_900, 23_900, 0)).toBeNull();
    expect(unusualAmount(123_900, 23_900, 6)).toBeNull();
  });

  it('warns from exactly the factor', () => {
    expect(unusualAmount(47_800, 23_900, 2)?.ratio).toBe(2);
    expect(unusualAmount(11_950, 23_900, 2)?.more).toBe(false);
  });
});
