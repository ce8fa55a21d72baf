import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import { createEngine, ProfileRefused, type ProfileEngine } from '../../../shared/profiles/profile-engine';
import { isBuiltinProfile } from '../../../shared/profiles/profile-ids';
import { profileIdSchema } from '../../../shared/ipc/profile-schemas';
import type { ProfileFault } from '../../../shared/profiles/profile-check';
import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import { UserFacingError } from '../errors/user-facing-error';

type RefusedFault = OutcomeOf<'profile_refused'>['params']['faults'][number];

function named(f: ProfileFault): RefusedFault {
  switch (f.fault) {
    case 'field_unmapped':
      return { fault: f.fault, call: f.call, field: f.field };
    case 'guesses_failure':
    case 'bad_pattern':
      return { fault: f.fault, call: f.call, at: f.rule };
    case 'sample_misread':
      return { fault: f.fault, call: f.call, at: f.sample };
    case 'reference_unsupported':
      return { fault: f.fault };
  }
}

/**
 * A profile file's text made an engine, or refused in plain words: not JSON or not the shape
 * (where), or a law broken (each fault). A file is input: this runs at every import and every load.
 */
export function engineFromText(text: string): ProfileEngine {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new UserFacingError('profile_unreadable', { where: '' });
  }
  try {
    return createEngine(json);
  } catch (e) {
    if (e instanceof ProfileRefused) throw new UserFacingError('profile_refused', { faults: e.faults.slice(0, 20).map(named) });
    if (e instanceof z.ZodError)
      throw new UserFacingError('profile_unreadable', { where: (e.issues[0]?.path ?? []).join('.').slice(0, 200) });
    throw e;
  }
}

/**
 * The profiles this computer has: the built-in ones, and those the owner imported, one file each in
 * the data folder's `profiles/` (written privately, re-read and re-checked at every load).
 */
export class ProfileStore {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'profiles');
  }

  private file(id: string): string {
    // The id passed the schema (letters, digits, dashes): it cannot name a path outside the folder.
    return join(this.dir, `${profileIdSchema.parse(id)}.json`);
  }

  /** Imported ids whose file name is one an id can have; anything else in the folder is not ours. */
  imported(): string[] {
    try {
      return readdirSync(this.dir)
        .filter((name) => /^[a-z0-9][a-z0-9-]{0,39}\.json$/.test(name))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((id) => !isBuiltinProfile(id))
        .sort();
    } catch {
      return [];
    }
  }

  /** The engine of a profile by id; an imported one is read and checked again. */
  engine(id: string): ProfileEngine {
    if (isBuiltinProfile(id)) return builtinEngine(id);
    let text: string;
    try {
      text = readFileSync(this.file(id), 'utf8');
    } catch {
      throw new UserFacingError('profile_missing', { id: id.slice(0, 40) });
    }
    return engineFromText(text);
  }

  /** An imported profile's file as it is (backups carry it); null for a built-in one or none. */
  text(id: string): string | null {
    if (isBuiltinProfile(id)) return null;
    try {
      return readFileSync(this.file(id), 'utf8');
    } catch {
      return null;
    }
  }

  /** Keeps an accepted profile; a built-in's id is refused, so an import never shadows one. */
  save(engine: ProfileEngine, text: string): void {
    if (isBuiltinProfile(engine.profile.id)) throw new UserFacingError('profile_refused', { faults: [{ fault: 'id_taken' }] });
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(engine.profile.id);
    const temp = `${target}.tmp`;
    writeFileSync(temp, text, { mode: 0o600, flush: true });
    renameSync(temp, target);
  }
}
