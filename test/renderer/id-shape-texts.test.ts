import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/i18n/en';
import { hi } from '../../src/renderer/i18n/hi';
import { operatorsIn } from '../../src/shared/operators';

// The check comes from the operator table's idShape; the words name each operator's ID in the
// shopkeeper's language. They must say the same numbers, or the message contradicts the check.
describe('DTH subscriber-ID messages', () => {
  it('exist for every DTH operator in English and Hindi and name the digits the check demands', () => {
    for (const op of operatorsIn('dth')) {
      for (const [language, texts] of [
        ['en', en.recharge.shape],
        ['hi', hi.recharge.shape],
      ] as const) {
        const text: unknown = (texts as Record<string, unknown>)[op.code];
        expect(typeof text, `${language} ${op.code}`).toBe('string');
        expect(String(text), `${language} ${op.code}`).toContain(String(op.idShape.minDigits));
        expect(String(text), `${language} ${op.code}`).toContain(String(op.idShape.maxDigits));
        for (const first of op.idShape.firstDigits) expect(String(text), `${language} ${op.code}`).toContain(first);
      }
    }
  });
});
