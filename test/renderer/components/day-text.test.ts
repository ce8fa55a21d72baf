import { describe, expect, it } from 'vitest';
import { parseDayText } from '../../../src/renderer/components/day-text';

describe('a day typed day/month/year', () => {
  it.each([
    ['26/11/2026', '2026-11-26'],
    ['1/2/2026', '2026-02-01'],
    ['01-02-2026', '2026-02-01'],
    [' 29.02.2028 ', '2028-02-29'],
  ])('%s is %s (day first, never month first)', (text, iso) => {
    expect(parseDayText(text)).toEqual({ ok: true, iso });
  });

  it.each(['31/02/2026', '29/02/2027', '00/01/2026', '12/13/2026'])('%s does not exist: refused, not rolled over', (text) => {
    expect(parseDayText(text)).toEqual({ ok: false, problem: 'noSuchDate' });
  });

  it.each(['', '26/11/26', '2026-11-26', '26 nov 2026', '26/11/2026x', '11/26'])('%s is not day/month/year', (text) => {
    expect(parseDayText(text)).toEqual({ ok: false, problem: 'format' });
  });
});
