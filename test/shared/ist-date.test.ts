import { describe, expect, it } from 'vitest';
import { istDate, istDayStart, istTime, isIsoDate } from '../../src/shared/ist-date';

describe('India-time recharge_date', () => {
  it('is the next calendar day from 18:30 UTC, when UTC still says yesterday', () => {
    expect(istDate(new Date('2026-11-21T18:29:59.999Z'))).toBe('2026-11-21');
    expect(istDate(new Date('2026-11-21T18:30:00.000Z'))).toBe('2026-11-22');
  });

  it('differs from the naive UTC date all through 00:00–05:30 IST', () => {
    for (let minute = 0; minute < 330; minute += 15) {
      const at = Date.parse('2026-11-21T18:30:00Z') + minute * 60_000;
      expect(istDate(at)).toBe('2026-11-22');
      expect(new Date(at).toISOString().slice(0, 10)).toBe('2026-11-21');
    }
    expect(istDate(Date.parse('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });

  it('crosses month and year ends in India time', () => {
    expect(istDate(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(istDate(new Date('2028-02-28T19:00:00Z'))).toBe('2028-02-29');
  });

  it('gives the IST clock time and the UTC instant where an IST day starts', () => {
    expect(istTime(new Date('2026-11-21T18:30:05Z'))).toBe('00:00:05');
    expect(new Date(istDayStart('2026-11-22')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
  });

  it('validates YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-2-1')).toBe(false);
    expect(() => istDate(Number.NaN)).toThrow();
  });
});
