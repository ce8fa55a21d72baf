import { RE2JS } from 're2js';
import { literalTest } from './literal-pattern';

/**
 * What one pattern may cost. RE2 runs in time linear in the field, but its constant grows with the
 * pattern (a counted repeat is unrolled): a short pattern can take seconds on a long field, and
 * every reply runs every pattern. So each pattern is timed at load on fields made to be hard for
 * it, and one over budget is refused by name before it can slow a reply.
 */

/** The longest field a pattern is run on (`status-rules.ts` cuts every field to it). */
export const MATCH_CHARS = 1000;
/** What one match on a field of MATCH_CHARS may take. */
export const PATTERN_BUDGET_MS = 10;
/**
 * Timed on short fields and projected (the cost is linear), so a pattern that takes seconds is
 * refused after a few milliseconds: first a glance that catches the very slow ones, then a look
 * long enough to be measured well.
 */
const GLANCE_CHARS = 10;
const LOOK_CHARS = 100;
/** The glance is rough: it refuses only what is far over budget. */
const GLANCE_MARGIN = 10;

/**
 * Each pattern compiled once, whoever asks: a load checks a pattern's syntax, times it and builds its
 * test, and each compiled it again (65 compiles of 17 patterns, ~70% of a first import's time). A
 * compiled pattern is immutable (each run takes its own matcher). Bounded, as profiles come and go.
 */
const compiled = new Map<string, RE2JS>();
const COMPILED_KEPT = 512;

export function compilePattern(pattern: string): RE2JS {
  let re = compiled.get(pattern);
  if (!re) {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    if (compiled.size >= COMPILED_KEPT) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

/** Milliseconds: the time of day, or a test's stand-in for a run the machine slowed. */
type Clock = () => number;

/** Fields made to walk a pattern's longest paths: runs of one letter, one digit, its own characters, a mix. */
function hardFields(pattern: string, length: number): string[] {
  const own = pattern.replace(/[^A-Za-z0-9 ]/g, '') || 'a';
  const fill = (unit: string) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  return [fill('a'), fill('0'), fill(own), fill('aA0 -_.:/')];
}

/**
 * The least of up to three runs on the field, stopping as soon as one is within `limitMs`: another
 * process or a pause can stall a run, never make a slow pattern fast.
 */
function least(re: RE2JS, field: string, limitMs: number, clock: Clock): number {
  let best = Infinity;
  for (let i = 0; i < 3 && best > limitMs; i++) {
    const t = clock();
    re.matcher(field).find();
    best = Math.min(best, clock() - t);
  }
  return best;
}

let warm = false;
/** The engine's own first runs are slow while the JavaScript engine compiles it: not the pattern's cost. */
function warmUp(): void {
  if (warm) return;
  warm = true;
  const re = compilePattern('^(?:[a-z]+ )*timed? ?out.*$');
  for (let i = 0; i < 20; i++) for (const field of hardFields('warm up', LOOK_CHARS)) re.matcher(field).find();
}

/** Compiling (when not compiled yet) and a match on a field of MATCH_CHARS, each within budget. */
function measuredWithin(pattern: string, clock: Clock): boolean {
  const t = clock();
  const re = compilePattern(pattern);
  if (clock() - t > PATTERN_BUDGET_MS * GLANCE_MARGIN) return false;
  const within = (length: number, budgetMs: number) =>
    hardFields(pattern, length).every(
      (field) => least(re, field, (budgetMs * length) / MATCH_CHARS, clock) * (MATCH_CHARS / length) <= budgetMs,
    );
  return within(GLANCE_CHARS, PATTERN_BUDGET_MS * GLANCE_MARGIN) && within(LOOK_CHARS, PATTERN_BUDGET_MS);
}

/**
 * Whether one match on a field of MATCH_CHARS stays within PATTERN_BUDGET_MS (compiling counted in).
 * Measured first as the engine is: a run before the JavaScript engine has compiled the matcher is
 * only slower, so a pattern within budget then is within it. Only a pattern that is not is measured
 * again after the warm-up, so a fresh process's first import does not pay for warming the engine
 * (~15 ms, a third of the goal) to accept what it would accept anyway.
 */
export function patternWithinBudget(pattern: string, clock: Clock = () => performance.now()): boolean {
  // Searched for as words (literal-pattern.ts), never run by RE2.
  if (literalTest(pattern)) return true;
  if (measuredWithin(pattern, clock)) return true;
  if (warm) return false;
  warmUp();
  return measuredWithin(pattern, clock);
}
