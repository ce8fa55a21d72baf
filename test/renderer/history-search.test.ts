import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '../../src/renderer/stores/history-search';

describe('history search box', () => {
  it('reads a number however it is typed', () => {
    expect(normalizeSearch('98765 43210')).toBe('9876543210');
    expect(normalizeSearch('+91 98765-43210')).toBe('9876543210');
    expect(normalizeSearch('919876543210')).toBe('9876543210');
    expect(normalizeSearch('09876543210')).toBe('9876543210');
    expect(normalizeSearch(' 3210 ')).toBe('3210');
  });

  it('leaves IDs and DTH numbers as they are', () => {
    expect(normalizeSearch('RD7K20261122ABCD')).toBe('RD7K20261122ABCD');
    expect(normalizeSearch('01234567890')).toBe('01234567890');
  });
});

describe('history search box and the mobile rule', () => {
  it('drops a prefix only when what is left is a mobile number', () => {
    // 0 + 10 digits starting 5: not a mobile, kept whole (a DTH ID may start with 0).
    expect(normalizeSearch('05876543210')).toBe('05876543210');
    expect(normalizeSearch('915876543210')).toBe('915876543210');
    expect(normalizeSearch('+91 6000000000')).toBe('6000000000');
  });
});
