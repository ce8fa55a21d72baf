import apilogin from './apilogin.json';
import joloapi from './joloapi.json';
import pinwallet from './pinwallet.json';
import rechapi from './rechapi.json';
import rechargeexchange from './rechargeexchange.json';
import rechargekarlo from './rechargekarlo.json';
import rechargkit from './rechargkit.json';
import roundpay from './roundpay.json';
import { createEngine, type ProfileEngine } from '../profile-engine';
import type { Profile } from '../profile-schema';

/**
 * Profiles of real Indian recharge providers, each written from its public API document and citing
 * it in `source` (issue 36, item 8). A shop picks its provider from this list, sees the document's
 * date and what was checked against it, and imports the file like any profile it was given.
 */
const FILES = { apilogin, joloapi, pinwallet, rechapi, rechargeexchange, rechargekarlo, rechargkit, roundpay } as const;

export type LibraryProfileId = keyof typeof FILES;
/** The ids, as a list the sandbox's options can name (a test keeps it equal to the files). */
export const LIBRARY_PROFILE_IDS = [
  'rechargeexchange',
  'joloapi',
  'rechargkit',
  'rechapi',
  'apilogin',
  'pinwallet',
  'rechargekarlo',
  'roundpay',
] as const satisfies readonly LibraryProfileId[];

/** What the picker shows for one provider: its name and where its profile was written from. */
export interface LibraryEntry {
  readonly id: LibraryProfileId;
  readonly name: string;
  readonly source: NonNullable<Profile['source']>;
}

const engines = new Map<LibraryProfileId, ProfileEngine>();

/**
 * A library profile's engine, made once. Its law verdict is known: the library's tests hold every
 * profile to the law, the silence corpus and its own samples (test/shared/profiles/library).
 */
export function libraryEngine(id: LibraryProfileId): ProfileEngine {
  let engine = engines.get(id);
  if (!engine) {
    engine = createEngine(FILES[id], 'known');
    engines.set(id, engine);
  }
  return engine;
}

/** The picker's list, in the order of the ids. */
export function libraryEntries(): LibraryEntry[] {
  return LIBRARY_PROFILE_IDS.map((id) => {
    const { name, source } = libraryEngine(id).profile;
    if (!source) throw new Error(`library profile ${id} cites no document`);
    return { id, name, source };
  });
}

/** The file as shipped, for the owner to import or to pass on to another shop. */
export const libraryProfileFile = (id: LibraryProfileId): unknown => FILES[id];
