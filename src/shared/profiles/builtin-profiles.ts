import capsJson from './builtin/caps-json.json';
import codeXml from './builtin/code-xml.json';
import commaLine from './builtin/comma-line.json';
import document from './builtin/document.json';
import hashText from './builtin/hash-text.json';
import numericJson from './builtin/numeric-json.json';
import { createEngine, type ProfileEngine } from './profile-engine';
import { DEFAULT_PROFILE_ID, type BuiltinProfileId } from './profile-ids';

/** The profiles the app ships, one per id of `profile-ids.ts` (the type keeps the two lists equal). */
const BUILTIN: Readonly<Record<BuiltinProfileId, unknown>> = {
  document,
  'caps-json': capsJson,
  'code-xml': codeXml,
  'hash-text': hashText,
  'numeric-json': numericJson,
  'comma-line': commaLine,
};

const engines = new Map<string, ProfileEngine>();

/**
 * A built-in profile's engine, made once. Its law verdict is known: the tests check every built-in
 * profile against the law and the silence corpus (test/shared/profiles), so a start does not.
 */
export function builtinEngine(id: BuiltinProfileId = DEFAULT_PROFILE_ID): ProfileEngine {
  let engine = engines.get(id);
  if (!engine) {
    const source = BUILTIN[id];
    engine = createEngine(source, 'known');
    engines.set(id, engine);
  }
  return engine;
}
