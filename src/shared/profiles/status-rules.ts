import { RE2JS } from 're2js';
import type { RuleMeaning, RuleTest, StatusRule } from './profile-schema';
import type { RawFields } from './reply-reader';

/** Matching looks at this much of a field: status words and codes are short, messages are cut. */
const MATCH_CHARS = 1000;

type Check = (fields: RawFields) => boolean;

const asText = (v: string | number | boolean | undefined): string => (v === undefined ? '' : String(v)).trim().slice(0, MATCH_CHARS);

function compileTest(t: RuleTest): Check {
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
      // RE2 runs in time linear in the input: a hostile pattern cannot hang the counter.
      const re = RE2JS.compile(t.pattern, RE2JS.CASE_INSENSITIVE);
      return (f) => f[t.field] !== undefined && re.matcher(asText(f[t.field])).find();
    }
    case 'number':
      return (f) => {
        const text = asText(f[t.field]);
        return /^[+-]?\d+(\.\d+)?$/.test(text) && Number(text) === t.value;
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
}

/** Throws on a pattern RE2 cannot compile (backreferences, lookaround): refused at import. */
export function compileRules(rules: readonly StatusRule[]): CompiledRules {
  const compiled = rules.map((r) => ({ checks: r.when.map(compileTest), means: r.means }));
  return {
    meaning: (fields) => compiled.find((r) => r.checks.every((c) => c(fields)))?.means ?? null,
  };
}
