import { XMLParser } from 'fast-xml-parser';
import { isExtractor, type Extractor, type ReplyField, type ReplySpec } from './profile-schema';
import { extract } from './reply-extract';

/** A reply's fields as the provider wrote them: strings, numbers, booleans; absent when not there. */
export type RawFields = Partial<Record<ReplyField, string | number | boolean>>;

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** A field that holds an object or a list where a value belongs makes the whole reply unreadable. */
const NOT_A_VALUE = Symbol('not a value');
/** A name said twice with two values (a `key=value` body, a packed pair): that field is unreadable. */
const CONFLICT = Symbol('said twice');
type Found = Scalar | undefined | typeof NOT_A_VALUE | typeof CONFLICT;

function walk(root: unknown, path: string): unknown {
  let at: unknown = root;
  for (const step of path.split('.')) {
    if (Array.isArray(at) && /^\d+$/.test(step)) at = at[Number(step)];
    else if (at !== null && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, step))
      at = (at as Record<string, unknown>)[step];
    else return undefined;
  }
  return at;
}

/** The value at a path; null and absent are undefined. */
function at(root: unknown, path: string): Found {
  let v = walk(root, path);
  // An XML element with attributes keeps its text under #text.
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, '#text')) v = (v as Record<string, unknown>)['#text'];
  if (v === undefined || v === null) return undefined;
  return isScalar(v) ? v : NOT_A_VALUE;
}

/**
 * A field by its alternatives: the first that holds a value wins; absent falls through to the
 * next. An extractor reads inside its source value; one that finds the fact twice with two values,
 * like a name said twice, leaves the field unread: the next alternative is not asked, or it would
 * be a guess between the two.
 */
function pick<K extends string | number>(get: (from: K) => Found, wheres: readonly (K | Extractor)[]): Found {
  for (const where of wheres) {
    if (!isExtractor(where)) {
      const v = get(where);
      if (v === undefined) continue;
      return v === CONFLICT ? undefined : v;
    }
    const source = get(where.from as K);
    if (source === CONFLICT) return undefined;
    if (source === undefined || source === NOT_A_VALUE) continue;
    const found = extract(String(source), where);
    if (found === 'unreadable') return undefined;
    if (found !== 'none') return found.value;
  }
  return undefined;
}

function fieldsBy<K extends string | number>(
  get: (from: K) => Found,
  fields: Partial<Record<ReplyField, readonly (K | Extractor)[]>>,
): RawFields | null {
  const out: RawFields = {};
  for (const [field, wheres] of Object.entries(fields) as [ReplyField, readonly (K | Extractor)[]][]) {
    const v = pick(get, wheres);
    if (v === NOT_A_VALUE) return null;
    if (v !== undefined && v !== CONFLICT) out[field] = v;
  }
  return out;
}

function fromTree(root: unknown, fields: Partial<Record<ReplyField, readonly (string | Extractor)[]>>): RawFields | null {
  // A reply is one record: a list or a bare value where the record belongs is not a reply.
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return null;
  return fieldsBy((path: string) => at(root, path), fields);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  htmlEntities: false,
  trimValues: true,
});

function parseXml(body: string): unknown {
  // A document type may declare entities that expand without end: no provider reply needs one.
  if (/<!(DOCTYPE|ENTITY)/i.test(body) || !/^\s*</.test(body)) return null;
  try {
    return xml.parse(body, true);
  } catch {
    return null;
  }
}

/** The first line only: a second line is never part of a provider's record. */
const firstLine = (body: string): string => body.split(/\r?\n/, 1)[0] ?? '';

function parseDelimited(
  body: string,
  delimiter: string,
  fields: Partial<Record<ReplyField, readonly (number | Extractor)[]>>,
): RawFields | null {
  const line = firstLine(body);
  if (line.trim() === '') return null;
  const parts = line.split(delimiter);
  return fieldsBy((p: number) => {
    const s = parts[p];
    return s === undefined || s.trim() === '' ? undefined : s;
  }, fields);
}

/** A name or value as sent: `+` a space, `%xx` decoded; a broken escape is kept as written. */
function decodeKv(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/**
 * A `key=value&…` line. A name said twice with two values is a conflict, never the first one. A
 * piece without `=` is an `&` the provider left unescaped inside the value before it: it is put
 * back, so it can lengthen a value (and so fail an exact word) but never make a name of its own.
 * A line whose first piece names nothing is not this format.
 */
function parseKv(body: string, fields: Partial<Record<ReplyField, readonly (string | Extractor)[]>>): RawFields | null {
  const pieces = firstLine(body).trim().split('&');
  const raw: [string, string][] = [];
  for (const piece of pieces) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const last = raw.at(-1);
    if (eq > 0) raw.push([piece.slice(0, eq), piece.slice(eq + 1)]);
    else if (last) last[1] += `&${piece}`;
    else return null;
  }
  if (raw.length === 0) return null;
  const said = new Map<string, string | typeof CONFLICT>();
  for (const [name, value] of raw) {
    const key = decodeKv(name).trim();
    const v = decodeKv(value).trim();
    const before = said.get(key);
    said.set(key, before === undefined || before === v ? v : CONFLICT);
  }
  return fieldsBy((name: string) => {
    const v = said.get(name);
    return v === '' ? undefined : v;
  }, fields);
}

/**
 * Reads a body by the profile's reply spec into raw fields, or null when the body is not the
 * format at all (an HTML page, an empty body, a JSON array where an object belongs): such a reply
 * says nothing, and the caller treats it as unknown.
 */
export function readReply(body: string, spec: ReplySpec): RawFields | null {
  const text = body.replace(/^\uFEFF/, '');
  switch (spec.format) {
    case 'json':
      return fromTree(parseJson(text), spec.fields);
    case 'xml':
      return fromTree(parseXml(text), spec.fields);
    case 'delimited':
      return parseDelimited(text, spec.delimiter, spec.fields);
    case 'kv':
      return parseKv(text, spec.fields);
  }
}
