import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime } from '../../src/shared/format';

// 22 Nov 2026 10:42 in India is 05:12 UTC; 23:30 UTC on the 21st is already the 22nd in India.
const MORNING = Date.UTC(2026, 10, 22, 5, 12);
const LATE_UTC = Date.UTC(2026, 10, 21, 23, 30);

describe('dates, times and money for people', () => {
  it('day-month dates in India time, in English and Hindi', () => {
    expect(formatDate(MORNING, 'en')).toBe('22 Nov 2026');
    expect(formatDate(MORNING, 'hi')).toBe('22 नव॰ 2026');
    expect(formatDate(LATE_UTC, 'en')).toBe('22 Nov 2026');
  });

  it('12-hour clock times', () => {
    expect(formatTime(MORNING, 'en')).toBe('10:42 am');
    expect(formatTime(Date.UTC(2026, 10, 22, 10, 5), 'en')).toBe('3:35 pm');
    expect(formatDateTime(MORNING, 'en')).toBe('22 Nov 2026, 10:42 am');
    // Hindi says the part of the day in words: no Latin "am" on a Hindi screen or receipt.
    expect(formatTime(MORNING, 'hi')).toBe('सुबह 10:42');
    expect(formatTime(Date.UTC(2026, 10, 22, 12, 5), 'hi')).toBe('शाम 5:35');
    expect(formatTime(Date.UTC(2026, 10, 22, 17, 0), 'hi')).toBe('रात 10:30');
  });

  it('money in Indian grouping from paise, exact to the paisa', () => {
    expect(formatMoney(12345600, 'en')).toBe('₹1,23,456.00');
    expect(formatMoney(480597, 'hi')).toBe('₹4,805.97');
    expect(formatMoney(1, 'en')).toBe('₹0.01');
    expect(formatMoney(-1250, 'en')).toBe('-₹12.50');
  });
});
