import type { RuleMeaning, RuleTest, StatusRule } from './profile-schema';
import type { RawFields } from './reply-reader';
import { compilePattern, MATCH_CHARS } from './pattern-cost';
import { literalTest } from './literal-pattern';

export type Check = (fields: RawFields) => boolean;

const asText = (v: string | number | boolean | undefined): string => (v === undefined ? '' : String(v)).trim().slice(0, MATCH_CHARS);

/** Matching looks at MATCH_CHARS of a field: status words and codes are short, messages are cut. */
export function compileTest(t: RuleTest): Check {
  switch (t.is) {
    case 'equals': {
      const want = t.value.trim().toLowerCase();
      return (f) => f[t.field] !== undefined && asText(f[t.field]).toLowerCase() === want;
    }
    case 'oneOf': {
      const want = new Set(t.values.map((v) => v.trim().toLowerCase()));
      return (f) => f[t.field] !== undefined && want.has(asText(f[t.field]).toLowerCase());
    }
    case 'regex': {
      const words = literalTest(t.pattern);
      if (words) return (f) => f[t.field] !== undefined && words(asText(f[t.field]));
      // RE2 runs in time linear in the input, and each pattern's cost was bounded at load (pattern-cost.ts).
      const re = compilePattern(t.pattern);
      return (f) => f[t.field] !== undefined && re.matcher(asText(f[t.field])).find();
    }
    case 'number':
      return (f) => {
        const text = asText(f[t.field]);
        return /^[+-]?\d+(\.\d+)?$/.test(text) && Number(text) === t.value;
      };
    case 'between':
      return (f) => {
        const text = asText(f[t.field]);
        return /^[+-]?\d+$/.test(text) && Number(text) >= t.min && Number(text) <= t.max;
      };
    case 'present':
      return (f) => asText(f[t.field]) !== '';
    case 'absent':
      return (f) => asText(f[t.field]) === '';
  }
}

export interface CompiledRules {
  /** The first rule whose every test holds; null when none does (the reply is then unknown). */
  readonly meaning: (fields: RawFields) => RuleMeaning | null;
  /** Which rule that is, counted from 0; -1 when none holds. */
  readonly ruleAt: (fields: RawFields) => number;
}

/** Throws on a pattern RE2 cannot compile (backreferences, lookaround): refused at import. */
export function compileRules(rules: readonly StatusRule[]): CompiledRules {
  const compiled = rules.map((r) => ({ checks: r.when.map(compileTest), means: r.means }));
  const ruleAt = (fields: RawFields) => compiled.findIndex((r) => r.checks.every((c) => c(fields)));
  return {
    meaning: (fields) => compiled[ruleAt(fields)]?.means ?? null,
    ruleAt,
  };
}
