import type { RE2JS } from 're2js';
import type { Extractor } from './profile-parts';
import { compilePattern, MATCH_CHARS } from './pattern-cost';

/**
 * Facts read from inside another value (`TxId:61,Bal:1940`, `Recharge done. Txn 61`). What is not
 * found is absent; what is found twice with two values is unreadable: a reading the app cannot be
 * sure of is never turned into one it guesses.
 */
export type Extracted = { readonly value: string } | 'none' | 'unreadable';

const MAX_MATCHES = 20;

/** Captures are compiled once per pattern (compilePattern keeps them): every reply runs them. */
const captureOf = (pattern: string): RE2JS => compilePattern(pattern);

/** A capture must name one fact: exactly one group, and a pattern RE2 can run (no lookaround). */
export function captureFault(pattern: string): 'bad' | null {
  try {
    return captureOf(pattern).groupCount() === 1 ? null : 'bad';
  } catch {
    return 'bad';
  }
}

/** One value among all the places it was found: the same everywhere, or unreadable. */
function only(found: readonly string[]): Extracted {
  const values = new Set(found.filter((v) => v !== ''));
  if (values.size === 0) return 'none';
  return values.size === 1 ? { value: [...values][0] ?? '' } : 'unreadable';
}

function byPair(text: string, pair: string, separator: string, joiner: string): Extracted {
  const found: string[] = [];
  for (const piece of text.split(separator)) {
    const at = piece.indexOf(joiner);
    if (at >= 0 && piece.slice(0, at).trim() === pair) found.push(piece.slice(at + joiner.length).trim());
  }
  return only(found);
}

/**
 * Every match's group. The cost of each pattern was bounded at load on fields of MATCH_CHARS
 * (pattern-cost.ts); a longer text is not cut to fit, since a cut can end inside a fact
 * (`Bal:19400` read as `Bal:194`): its facts are absent.
 */
function byCapture(text: string, pattern: string): Extracted {
  if (text.length > MATCH_CHARS) return 'none';
  const m = captureOf(pattern).matcher(text);
  const found: string[] = [];
  // Each find goes on after the last match; a fact said this often is no single fact.
  while (m.find()) if (found.push((m.group(1) ?? '').trim()) > MAX_MATCHES) return 'unreadable';
  return only(found);
}

/** The fact an extractor names inside its source value (already text); 'none' when there is none. */
export function extract(source: string | undefined, e: Extractor): Extracted {
  if (source === undefined || source === '') return 'none';
  return 'pair' in e ? byPair(source, e.pair, e.separator, e.joiner) : byCapture(source, e.capture);
}
