import { afterEach, describe, expect, it, vi } from 'vitest';
import { RE2JS } from 're2js';
import hashText from '../../../src/shared/profiles/builtin/hash-text.json';

/**
 * What a fresh process's first import of a profile pays (issue 39, profile_load_ms_first): RE2 is
 * compiled only for what needs it, the engine is warmed only when a pattern looks slow before it
 * is, and the silence corpus is read only through the rules that can close it. Each module is
 * loaded afresh, as in a process that has checked nothing yet.
 */
const fresh = async () => {
  vi.resetModules();
  return {
    cost: await import('../../../src/shared/profiles/pattern-cost'),
    engine: await import('../../../src/shared/profiles/profile-engine'),
  };
};
const compiled = () => {
  const spy = vi.spyOn(RE2JS, 'compile');
  return () => spy.mock.calls.map((c) => c[0]);
};
/** hash-text with its status call's "still pending" rules added after the rules that close. */
const withPending = (patterns: readonly string[]) => {
  const p = structuredClone(hashText);
  for (const pattern of patterns)
    p.calls.status.rules.push({ when: [{ field: 'message', is: 'regex', pattern }], means: 'Pending' } as never);
  return p;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a first import', () => {
  it('compiles no RE2 program for a profile whose patterns are words', async () => {
    const { engine } = await fresh();
    const patterns = compiled();
    const made = engine.createEngine(withPending(['under process', 'Will Be Updated', 'awaiting bank 7']));
    expect(patterns()).toEqual([]);
    expect(made.read('status', 'Pending#RT1#Pending#-#BN1#100.00#Recharge will be updated soon#0')?.meaning).toBe('Pending');
  });

  it('accepts a pattern within budget without first warming the engine', async () => {
    const { cost } = await fresh();
    const patterns = compiled();
    // A clock that never moves: every run is within budget, however loaded the machine.
    expect(cost.patternWithinBudget('try (again|after)', () => 0)).toBe(true);
    expect(patterns()).toEqual(['try (again|after)']);
  });

  it('warms the engine and measures again only when a pattern looked slow, and refuses one still slow', async () => {
    const { cost } = await fresh();
    const patterns = compiled();
    // Its first measure stalled (a cold engine, or the machine busy); after the warm-up, no time.
    let stalled = 2;
    let now = 0;
    expect(cost.patternWithinBudget('queued?', () => (stalled-- > 0 ? (now += 1000) : now))).toBe(true);
    expect(patterns().slice(1)).toEqual(['^(?:[a-z]+ )*timed? ?out.*$']);
    expect(cost.patternWithinBudget('timed? ?out', () => (now += 1000))).toBe(false);
  });

  it('reads the silence corpus only through the rules that can close a reply', async () => {
    const { engine } = await fresh();
    const runs = vi.spyOn(RE2JS.prototype, 'matcher');
    engine.createEngine(withPending(['^[a-z ]{1,40}pending$']));
    // The budget's timing alone: 8 fields, at most 3 runs each, twice on a loaded machine. Reading
    // the corpus through it too made 120 runs more.
    expect(runs.mock.calls.length).toBeLessThanOrEqual(48);
  });
});
