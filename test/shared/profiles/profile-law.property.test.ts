import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import capsJson from '../../../src/shared/profiles/builtin/caps-json.json';
import codeXml from '../../../src/shared/profiles/builtin/code-xml.json';
import commaLine from '../../../src/shared/profiles/builtin/comma-line.json';
import document from '../../../src/shared/profiles/builtin/document.json';
import hashText from '../../../src/shared/profiles/builtin/hash-text.json';
import numericJson from '../../../src/shared/profiles/builtin/numeric-json.json';
import { createEngine, ProfileRefused, sampleReading, type ProfileEngine } from '../../../src/shared/profiles/profile-engine';
import { CALLS, REPLY_FIELDS, RULE_MEANINGS, type StatusRule } from '../../../src/shared/profiles/profile-schema';
import { kvParams, SILENCE } from '../../../src/shared/profiles/silence-corpus/silence-corpus';
import { isClosingMeaning } from '../../../src/shared/money-law/profile-law';

// Issue 35 item 8: randomly altered built-in profiles either fail the check, or close none of the
// silence corpus and still read every one of their samples as the built-in does.
const BUILTINS = [document, capsJson, codeXml, hashText, numericJson, commaLine] as const;
type Where = (typeof CALLS)[number] | 'callback';

const WORDS = [
  ...['Success', 'SUCCESS', 'Failure', 'FAILED', 'Error', 'ERROR', 'Refunded', 'REFUND', '0', '1', '2', '3', '4', '101', '128', '504'],
  ...['timeout', 'Pending', 'PROCESSING', 'in progress', 'accepted', '', 'null', 'Gateway Timeout', 'Service Unavailable', 'xyzzy'],
];
const PATTERNS = ['.*', 'time', 'out$', '^5\\d\\d$', 'pend', 'gateway', '^[0-9]+$', 'fail'];

const word = fc.constantFrom(...WORDS);
const test = fc.oneof(
  fc.record({ field: fc.constantFrom(...REPLY_FIELDS), is: fc.constant('equals'), value: word }),
  fc.record({ field: fc.constantFrom(...REPLY_FIELDS), is: fc.constant('oneOf'), values: fc.array(word, { minLength: 1, maxLength: 3 }) }),
  fc.record({ field: fc.constantFrom(...REPLY_FIELDS), is: fc.constant('regex'), pattern: fc.constantFrom(...PATTERNS) }),
  fc.record({ field: fc.constantFrom(...REPLY_FIELDS), is: fc.constant('number'), value: fc.constantFrom(0, 1, 2, 3, 4, 504) }),
  fc.record({ field: fc.constantFrom(...REPLY_FIELDS), is: fc.constantFrom('present', 'absent') }),
);
const rule = fc.record({ when: fc.array(test, { minLength: 1, maxLength: 3 }), means: fc.constantFrom(...RULE_MEANINGS) });

type Change =
  | { kind: 'means'; at: number; means: StatusRule['means'] }
  | { kind: 'test'; at: number; test: StatusRule['when'][number] }
  | { kind: 'insert'; at: number; rule: StatusRule }
  | { kind: 'delete'; at: number };
const change: fc.Arbitrary<{ where: Where; change: Change }> = fc.record({
  where: fc.constantFrom<Where>(...CALLS, 'callback'),
  change: fc.oneof(
    fc.record({ kind: fc.constant('means' as const), at: fc.nat(20), means: fc.constantFrom(...RULE_MEANINGS) }),
    fc.record({ kind: fc.constant('test' as const), at: fc.nat(20), test: test as fc.Arbitrary<StatusRule['when'][number]> }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(20), rule: rule as fc.Arbitrary<StatusRule> }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(20) }),
  ),
});

function altered(base: (typeof BUILTINS)[number], changes: readonly { where: Where; change: Change }[]): Record<string, unknown> {
  const p = structuredClone(base) as unknown as {
    calls: Record<string, { rules: StatusRule[] }>;
    callback?: { rules: StatusRule[] };
  };
  for (const { where, change: c } of changes) {
    const rules = where === 'callback' ? p.callback?.rules : p.calls[where]?.rules;
    if (!rules) continue;
    const at = rules.length === 0 ? 0 : c.at % rules.length;
    if (c.kind === 'insert') rules.splice(c.at % (rules.length + 1), 0, c.rule);
    else if (rules.length === 0) continue;
    else if (c.kind === 'delete') rules.splice(at, 1);
    else if (c.kind === 'means') rules[at]!.means = c.means;
    else rules[at]!.when[c.at % rules[at]!.when.length] = c.test;
  }
  return p as unknown as Record<string, unknown>;
}

/** What the engine closes among the corpus: replies in every call, key=value ones as its callback. */
function closedSilence(engine: ProfileEngine): string[] {
  const closed: string[] = [];
  const refParam = engine.profile.callback?.fields.refId?.[0] ?? 'refId';
  for (const reply of SILENCE.replies) {
    for (const call of CALLS) {
      const m = engine.read(call, reply.body)?.meaning;
      if (m && isClosingMeaning(m)) closed.push(`${call}:${reply.name}`);
    }
    if (reply.shape !== 'kv') continue;
    const m = engine.readCallback({ ...kvParams(reply.body), [refParam]: 'AB12' })?.meaning;
    if (m && isClosingMeaning(m)) closed.push(`callback:${reply.name}`);
  }
  return closed;
}

describe('a randomly altered built-in profile', () => {
  it('is refused, or closes none of the silence corpus and reads its samples as the built-in does', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.nat(BUILTINS.length - 1), fc.array(change, { minLength: 1, maxLength: 3 }), (which, changes) => {
        const base = BUILTINS[which]!;
        let engine: ProfileEngine;
        try {
          engine = createEngine(altered(base, changes));
        } catch (e) {
          if (e instanceof ProfileRefused) return;
          throw e;
        }
        accepted++;
        expect(closedSilence(engine)).toEqual([]);
        for (const s of base.samples) expect(sampleReading(s.call as never, engine.read(s.call as never, s.body)), s.note).toBe(s.reads);
      }),
      { numRuns: 300 },
    );
    // The generator does make profiles the check accepts: the property is not empty.
    expect(accepted).toBeGreaterThan(10);
  });
});
