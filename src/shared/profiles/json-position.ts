/** A path into a JSON document, as zod names an issue's place. */
export type JsonPath = readonly PropertyKey[];

/** Where something is in a text: 1-based line and column. */
export interface TextPlace {
  readonly line: number;
  readonly column: number;
}

/** What the text cannot be read as JSON for, at its first offending character. */
export type JsonSyntaxFault = { readonly fault: 'not_json' | 'too_deep'; readonly offset: number };

/** A key that JSON.parse would take but that must never reach an object, or a key written twice. */
export type JsonKeyFault = { readonly fault: 'forbidden_key' | 'duplicate_key'; readonly key: string; readonly offset: number };

export interface JsonMap {
  /** The first reason the text is not JSON, or null. */
  readonly syntax: JsonSyntaxFault | null;
  readonly keys: readonly JsonKeyFault[];
  /** The offset of the value at a path (an object member's key), or of its nearest ancestor here. */
  offsetOf(path: JsonPath): number;
}

/** Deeper than any profile: a text nested past this is not one (and no parser recursion is spent on it). */
const MAX_DEPTH = 64;
/** Keys that reach an object's prototype in some consumer: never part of a profile. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const KEYS_KEPT = 20;

class Stop extends Error {}

/**
 * Walks a JSON text once, without building its value: where each member and element starts, the
 * first syntax fault, and keys that must not be there. The workbench names a problem's line with it.
 */
export function mapJson(text: string): JsonMap {
  const places = new Map<string, number>();
  const keys: JsonKeyFault[] = [];
  let syntax: JsonSyntaxFault | null = null;
  let i = 0;
  const n = text.length;
  const fail = (fault: JsonSyntaxFault['fault'], at: number): never => {
    syntax = { fault, offset: Math.min(at, n) };
    throw new Stop();
  };
  const space = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    let out = '';
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return out;
      }
      if (c < 0x20) fail('not_json', i);
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('not_json', i);
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          out += e;
          i += 2;
        } else fail('not_json', i);
      } else {
        out += text[i];
        i++;
      }
    }
    return fail('not_json', start);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail('not_json', i);
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail('not_json', i);
    i += m?.[0].length ?? 0;
  };
  const value = (path: string, depth: number) => {
    space();
    if (depth > MAX_DEPTH) fail('too_deep', i);
    const c = text[i];
    if (c === '{') return object(path, depth);
    if (c === '[') return array(path, depth);
    if (c === '"') return void string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail('not_json', i);
  };
  const object = (path: string, depth: number) => {
    i++;
    space();
    if (text[i] === '}') return void i++;
    const seen = new Set<string>();
    for (;;) {
      space();
      if (text[i] !== '"') fail('not_json', i);
      const at = i;
      const key = string();
      if (FORBIDDEN_KEYS.has(key) && keys.length < KEYS_KEPT) keys.push({ fault: 'forbidden_key', key, offset: at });
      else if (seen.has(key) && keys.length < KEYS_KEPT) keys.push({ fault: 'duplicate_key', key, offset: at });
      seen.add(key);
      const here = `${path}\u0000${key}`;
      if (!places.has(here)) places.set(here, at);
      space();
      if (text[i] !== ':') fail('not_json', i);
      i++;
      value(here, depth + 1);
      space();
      if (text[i] === ',') i++;
      else if (text[i] === '}') return void i++;
      else fail('not_json', i);
    }
  };
  const array = (path: string, depth: number) => {
    i++;
    space();
    if (text[i] === ']') return void i++;
    for (let k = 0; ; k++) {
      space();
      const here = `${path}\u0000${k}`;
      places.set(here, i);
      value(here, depth + 1);
      space();
      if (text[i] === ',') i++;
      else if (text[i] === ']') return void i++;
      else fail('not_json', i);
    }
  };
  try {
    // A byte-order mark is allowed before the text, as the import reads it.
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value('', 0);
    space();
    if (i < n) fail('not_json', i);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return {
    syntax,
    keys,
    offsetOf(path) {
      for (let k = path.length; k > 0; k--) {
        const at = places.get(path.slice(0, k).reduce<string>((p, key) => `${p}\u0000${String(key)}`, ''));
        if (at !== undefined) return at;
      }
      return text.charCodeAt(0) === 0xfeff ? 1 : 0;
    },
  };
}

/** The line and column of an offset in a text (lines end at \n; a \r before it is part of the line). */
export function placeOf(text: string, offset: number): TextPlace {
  let line = 1;
  let start = 0;
  const end = Math.min(offset, text.length);
  for (let k = text.indexOf('\n'); k !== -1 && k < end; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  return { line, column: end - start + 1 };
}
