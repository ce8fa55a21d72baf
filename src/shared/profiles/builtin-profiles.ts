import capsJson from './builtin/caps-json.json';
import codeXml from './builtin/code-xml.json';
import commaLine from './builtin/comma-line.json';
import document from './builtin/document.json';
import hashText from './builtin/hash-text.json';
import numericJson from './builtin/numeric-json.json';
import { createEngine, type ProfileEngine } from './profile-engine';

/** The profiles the app ships; the document's API is one of them, and the default. */
const BUILTIN: Readonly<Record<string, unknown>> = {
  document,
  'caps-json': capsJson,
  'code-xml': codeXml,
  'hash-text': hashText,
  'numeric-json': numericJson,
  'comma-line': commaLine,
};

export const BUILTIN_PROFILE_IDS = Object.keys(BUILTIN);

export const DEFAULT_PROFILE_ID = 'document';

const engines = new Map<string, ProfileEngine>();

/** A built-in profile's engine, made once; throws for a name the app does not ship. */
export function builtinEngine(id: string = DEFAULT_PROFILE_ID): ProfileEngine {
  let engine = engines.get(id);
  if (!engine) {
    const source = BUILTIN[id];
    if (source === undefined) throw new Error(`no built-in profile ${id}`);
    engine = createEngine(source);
    engines.set(id, engine);
  }
  return engine;
}
