/**
 * A text a capture pattern reads a value from: the pattern's surrounding words written out, the
 * value where its one group is. Only the plain patterns a profile needs for a fact inside a message
 * (`TxId[: ]*(\d+)`, `Bal(?:ance)? ?Rs\.? ?([0-9.]+)`) are written; the dialect reads every reply
 * back through the profile, so a pattern written wrongly here is found, never sent silently.
 */

const CLASS_EXAMPLE: Readonly<Record<string, string>> = { d: '0', D: 'a', s: ' ', S: 'a', w: 'a', W: ' ', b: '', B: '' };

/** The end of a group opened at `open` (its matching bracket). */
function groupEnd(p: string, open: number): number {
  let depth = 0;
  for (let i = open; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(p, i);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return p.length;
}

function classEnd(p: string, open: number): number {
  let i = open + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++;
  for (; i < p.length && p[i] !== ']'; i++) if (p[i] === '\\') i++;
  return i;
}

/** A character a class accepts: its first literal one (a negated class: a letter it does not name). */
function classExample(body: string): string {
  if (body.startsWith('^')) return ['a', '0', ' ', '-'].find((c) => !body.includes(c)) ?? '_';
  const first = body.startsWith('\\') ? (CLASS_EXAMPLE[body[1] ?? ''] ?? body[1] ?? '') : (body[0] ?? '');
  return first;
}

/** The first branch of an alternation at the top level of `p`. */
function firstBranch(p: string): string {
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(p, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return p.slice(0, i);
  }
  return p;
}

/** Writes the pattern out with `value` for its capture group. */
export function patternExample(pattern: string, value: string): string {
  const p = firstBranch(pattern.replace(/^\(\?[a-zA-Z]+\)/, ''));
  let out = '';
  for (let i = 0; i < p.length;) {
    const c = p[i] ?? '';
    let atom: string;
    let next: number;
    if (c === '(') {
      const end = groupEnd(p, i);
      const inner = p.slice(i + 1, end);
      atom = inner.startsWith('?') ? patternExample(inner.replace(/^\?(:|P?<[A-Za-z_]+>)/, ''), value) : value;
      next = end + 1;
    } else if (c === '[') {
      const end = classEnd(p, i);
      atom = classExample(p.slice(i + 1, end));
      next = end + 1;
    } else if (c === '\\') {
      const e = p[i + 1] ?? '';
      atom = CLASS_EXAMPLE[e] ?? e;
      next = i + 2;
    } else {
      atom = c === '^' || c === '$' ? '' : c === '.' ? 'a' : c;
      next = i + 1;
    }
    const q = /^(\*|\+|\?|\{(\d+)(,\d*)?\})\??/.exec(p.slice(next));
    const times = !q ? 1 : q[1] === '+' ? 1 : q[2] !== undefined ? Number(q[2]) : 0;
    // A group left out by its quantifier still holds the value: the fact must be said.
    out += atom === value && times === 0 ? value : atom.repeat(times);
    i = next + (q?.[0].length ?? 0);
  }
  return out;
}
