import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import { createEngine, ProfileRefused, type ProfileEngine } from '../../../shared/profiles/profile-engine';
import { nodeDigest } from './node-digest';
import { MAX_PROFILE_CHARS } from '../../../shared/profiles/profile-schema';
import { LAW_REVISION } from '../../../shared/profiles/profile-check';
import { isBuiltinProfile } from '../../../shared/profiles/profile-ids';
import { profileIdSchema } from '../../../shared/ipc/profile-schemas';
import { faultParams } from '../../../shared/profiles/profile-problems';
import { UserFacingError } from '../errors/user-facing-error';

/**
 * Engines already made, by the sha-256 of their file's text: the check (every pattern timed, the
 * silence corpus read) runs once per content, and a profile read again (the list, every account,
 * every recharge's own version) costs a hash.
 */
const checked = new Map<string, ProfileEngine>();
const CHECKED_KEPT = 32;

/**
 * A profile file's text made an engine, or refused in plain words: too large, not JSON or not the
 * shape (where), or a law broken (each fault). A file is input: this runs at every import and load.
 */
export function engineFromText(text: string, verdicts?: KeptVerdicts): ProfileEngine {
  if (text.length > MAX_PROFILE_CHARS) throw new UserFacingError('profile_refused', { faults: [{ fault: 'profile_too_large' }] });
  const key = createHash('sha256').update(text).digest('hex');
  const known = checked.get(key);
  // Made here before, so it passed the check (or was known to): this folder keeps that too.
  if (known) {
    if (verdicts && !verdicts.has(key)) verdicts.add(key);
    return known;
  }
  const verdict = verdicts?.has(key) ? 'known' : 'check';
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new UserFacingError('profile_unreadable', { where: '' });
  }
  let engine: ProfileEngine;
  try {
    engine = createEngine(json, verdict, nodeDigest);
  } catch (e) {
    if (e instanceof ProfileRefused) throw new UserFacingError('profile_refused', { faults: e.faults.slice(0, 20).map(faultParams) });
    if (e instanceof z.ZodError)
      throw new UserFacingError('profile_unreadable', { where: (e.issues[0]?.path ?? []).join('.').slice(0, 200) });
    throw e;
  }
  if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value ?? '');
  checked.set(key, engine);
  if (verdict === 'check') verdicts?.add(key);
  return engine;
}

/** Content hashes whose text passed the law's check, kept on disk so a start need not run it again. */
export interface KeptVerdicts {
  has(hash: string): boolean;
  add(hash: string): void;
}

const verdictFile = z.strictObject({ law: z.string().max(100), hashes: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(1000) });

/**
 * `profiles/.law-verdicts.json` (a name no profile id can have): the hashes of the files that passed the check under this LAW_REVISION.
 * Written only by the app after a full check; a file that changed by one byte has another hash and
 * is checked in full, and a new revision of the law forgets every verdict.
 */
class VerdictFile implements KeptVerdicts {
  private hashes: Set<string> | null = null;
  constructor(private readonly path: string) {}

  private load(): Set<string> {
    if (this.hashes) return this.hashes;
    try {
      const kept = verdictFile.parse(JSON.parse(readFileSync(this.path, 'utf8')));
      this.hashes = new Set(kept.law === LAW_REVISION ? kept.hashes : []);
    } catch {
      this.hashes = new Set();
    }
    return this.hashes;
  }

  has(hash: string): boolean {
    return this.load().has(hash);
  }

  add(hash: string): void {
    const hashes = this.load();
    if (hashes.has(hash)) return;
    hashes.add(hash);
    try {
      mkdirSync(join(this.path, '..'), { recursive: true, mode: 0o700 });
      writePrivately(this.path, JSON.stringify({ law: LAW_REVISION, hashes: [...hashes].slice(-1000) }));
    } catch {
      // Not kept: the next start checks the file in full again, nothing worse.
    }
  }
}

/** Two files are the same profile when they parse to the same profile, whatever their spacing. */
const sameProfile = (a: ProfileEngine, b: ProfileEngine): boolean => JSON.stringify(a.profile) === JSON.stringify(b.profile);

/**
 * The profiles this computer has: the built-in ones, and those the owner imported, one file each in
 * the data folder's `profiles/` (written privately, re-read and re-checked at every load), the one
 * in use under its id and every version ever accepted under `versions/id@version.json`. A version
 * is never rewritten: a recharge keeps the `id@version` it was sent with and is read by it until
 * it is final, whatever was imported since.
 */
export class ProfileStore {
  private readonly dir: string;
  private readonly verdicts: VerdictFile;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'profiles');
    this.verdicts = new VerdictFile(join(this.dir, '.law-verdicts.json'));
  }

  /** A file's text made an engine, its law verdict kept by content hash in this folder. */
  read(text: string): ProfileEngine {
    return engineFromText(text, this.verdicts);
  }

  private file(id: string): string {
    // The id passed the schema (letters, digits, dashes): it cannot name a path outside the folder.
    return join(this.dir, `${profileIdSchema.parse(id)}.json`);
  }

  private versionFile(id: string, version: number): string {
    return join(this.dir, 'versions', `${profileIdSchema.parse(id)}@${z.number().int().min(1).parse(version)}.json`);
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
    return this.read(text);
  }

  /**
   * The very version a recharge was sent with, by its `id@version`; null when this computer does not
   * have it (an unknown tag, a file damaged since).
   */
  engineByTag(tag: string): ProfileEngine | null {
    const at = tag.lastIndexOf('@');
    const id = tag.slice(0, at);
    const version = Number(tag.slice(at + 1));
    if (at <= 0 || !Number.isInteger(version) || version < 1) return null;
    if (isBuiltinProfile(id)) {
      const engine = builtinEngine(id);
      return engine.tag === tag ? engine : null;
    }
    for (const file of [() => this.versionFile(id, version), () => this.file(id)]) {
      try {
        const engine = this.read(readFileSync(file(), 'utf8'));
        if (engine.tag === tag) return engine;
      } catch {
        // Not this file: the next one may hold it.
      }
    }
    return null;
  }

  /** A version's file as it is (backups carry the versions open recharges need); null when not here. */
  versionText(tag: string): string | null {
    const engine = this.engineByTag(tag);
    if (!engine || isBuiltinProfile(engine.profile.id)) return null;
    for (const file of [this.versionFile(engine.profile.id, engine.profile.version), this.file(engine.profile.id)]) {
      try {
        const text = readFileSync(file, 'utf8');
        if (this.read(text).tag === tag) return text;
      } catch {
        // Not this file.
      }
    }
    return null;
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

  /** Refuses an `id@version` this computer already has with other contents (the preview says so too). */
  refuseRewrite(engine: ProfileEngine): void {
    const had = this.engineByTag(engine.tag);
    if (had && !sameProfile(had, engine))
      throw new UserFacingError('profile_refused', { faults: [{ fault: 'version_taken', field: engine.tag.slice(0, 60) }] });
  }

  /**
   * Keeps an accepted profile; a built-in's id is refused, so an import never shadows one, and so is
   * an `id@version` this computer already has with other contents: a version is what a recharge
   * keeps to be read again, so it never changes.
   */
  save(engine: ProfileEngine, text: string): void {
    const { id } = engine.profile;
    if (isBuiltinProfile(id)) throw new UserFacingError('profile_refused', { faults: [{ fault: 'id_taken' }] });
    this.refuseRewrite(engine);
    mkdirSync(join(this.dir, 'versions'), { recursive: true, mode: 0o700 });
    // The file in use may predate versions/ (an app before issue 35 kept one file per id): keep it first.
    const inUse = this.text(id);
    if (inUse !== null) this.keepVersion(inUse);
    this.keepVersion(text);
    writePrivately(this.file(id), text);
  }

  /** A version carried in a backup or move file, kept beside the others; one that does not pass is left out. */
  keepCarried(text: string): void {
    this.keepVersion(text);
  }

  private keepVersion(text: string): void {
    let engine: ProfileEngine;
    try {
      engine = this.read(text);
    } catch {
      return;
    }
    if (isBuiltinProfile(engine.profile.id)) return;
    mkdirSync(join(this.dir, 'versions'), { recursive: true, mode: 0o700 });
    const target = this.versionFile(engine.profile.id, engine.profile.version);
    if (!existsSync(target)) writePrivately(target, text);
  }
}

function writePrivately(target: string, text: string): void {
  const temp = `${target}.tmp`;
  writeFileSync(temp, text, { mode: 0o600, flush: true });
  renameSync(temp, target);
}
