import { XMLParser } from 'fast-xml-parser';
import type { ReplyField, ReplySpec } from './profile-schema';

/** A reply's fields as the provider wrote them: strings, numbers, booleans; absent when not there. */
export type RawFields = Partial<Record<ReplyField, string | number | boolean>>;

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** A field that holds an object or a list where a value belongs makes the whole reply unreadable. */
const NOT_A_VALUE = Symbol('not a value');

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

/** The first path that holds a value wins; null and absent fall through to the next. */
function pick(root: unknown, paths: readonly string[]): Scalar | undefined | typeof NOT_A_VALUE {
  for (const path of paths) {
    let v = walk(root, path);
    // An XML element with attributes keeps its text under #text.
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, '#text')) v = (v as Record<string, unknown>)['#text'];
    if (v === undefined || v === null) continue;
    return isScalar(v) ? v : NOT_A_VALUE;
  }
  return undefined;
}

function fromTree(root: unknown, fields: Partial<Record<ReplyField, readonly string[]>>): RawFields | null {
  // A reply is one record: a list or a bare value where the record belongs is not a reply.
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return null;
  const out: RawFields = {};
  for (const [field, paths] of Object.entries(fields) as [ReplyField, readonly string[]][]) {
    const v = pick(root, paths);
    if (v === NOT_A_VALUE) return null;
    if (v !== undefined) out[field] = v;
  }
  return out;
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

/** The delimited reply's first line only: a second line is never part of a provider's record. */
function parseDelimited(body: string, delimiter: string, fields: Partial<Record<ReplyField, readonly number[]>>): RawFields | null {
  const line = body.split(/\r?\n/, 1)[0] ?? '';
  if (line.trim() === '') return null;
  const parts = line.split(delimiter);
  const out: RawFields = {};
  for (const [field, positions] of Object.entries(fields) as [ReplyField, readonly number[]][]) {
    const v = positions.map((p) => parts[p]).find((s) => s !== undefined && s.trim() !== '');
    if (v !== undefined) out[field] = v;
  }
  return out;
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
  }
}
