import { describe, expect, it } from 'vitest';
import { compileRules } from '../../../src/shared/profiles/status-rules';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';
import { createEngine } from '../../../src/shared/profiles/profile-engine';
import numericJson from '../../../src/shared/profiles/builtin/numeric-json.json';

describe('a range of whole-number codes ("codes 1 to 199 are refusals")', () => {
  const rules = compileRules([{ when: [{ field: 'errorCode', is: 'between', min: 1, max: 199 }], means: 'not_processed' }]);

  it('holds for a whole number inside the range, and for nothing else', () => {
    for (const code of ['1', '128', '199', ' 145 ']) expect(rules.meaning({ errorCode: code }), code).toBe('not_processed');
    // A gateway's 504, a decimal, a word with digits, an empty or missing code: not a refusal.
    for (const code of ['0', '200', '504', '12.5', '12a', '', 'E128']) expect(rules.meaning({ errorCode: code }), code).toBeNull();
    expect(rules.meaning({})).toBeNull();
  });

  it('a range with its ends the wrong way round is refused when the profile is read', () => {
    const p = structuredClone(numericJson) as unknown as {
      id: string;
      calls: { recharge: { rules: { when: { min?: number; max?: number }[] }[] } };
    };
    p.id = 'reversed-range';
    const range = p.calls.recharge.rules.flatMap((r) => r.when).find((t) => t.min !== undefined)!;
    range.min = 200;
    range.max = 1;
    expect(() => createEngine(p)).toThrow();
  });

  it("the numeric-json profile reads its document's refusal codes as refused and a gateway's 504 as no refusal", () => {
    const engine = builtinEngine('numeric-json');
    const body = (code: number) => JSON.stringify({ status: 3, error: code, msg: 'x' });
    expect(engine.read('recharge', body(28))?.meaning).toBe('not_processed');
    expect(engine.read('recharge', body(199))?.meaning).toBe('not_processed');
    expect(engine.read('recharge', body(504))?.meaning).not.toBe('not_processed');
  });
});
