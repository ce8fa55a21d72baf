import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { errorFacts } from '../errors/error-facts';
import { UserFacingError } from '../errors/user-facing-error';
import { customerTextProblem, PERSON_NAME_MAX } from '../../../shared/customer-text';
import { hashPin, pinHashSchema, pinMatches, type PinHash } from './pin-hash';

/**
 * The owner PIN and the named staff's PINs (issue 38) live in their own file in the data folder, not in settings.json: `settings:get`
 * hands the whole settings to the window, diagnostics copy them for support, and "move to another
 * PC" carries them to a new machine. None of those may hold the PIN's hash, and the wrong-PIN
 * count must not be undone by restoring or importing settings.
 */
export const PIN_FILE = 'owner-pin.json';

/** Wrong PINs in a row that are free; each one after waits twice as long as the one before. */
export const FREE_TRIES = 5;
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 60 * 60;

/** Wrong tries in a row and the wait they set, kept for the owner and for each person apart. */
const tries = {
  failures: z.number().int().min(0).max(1_000_000),
  /** Epoch ms until which PIN entry is refused, and the wait that was set (to bound a clock moved back). */
  lockedUntil: z.number().int().min(0),
  waitSeconds: z.number().int().min(0).max(MAX_WAIT_SECONDS),
};
type Tries = { failures: number; lockedUntil: number; waitSeconds: number };
const NO_TRIES: Tries = { failures: 0, lockedUntil: 0, waitSeconds: 0 };

/** A named staff member: the id is never reused, and a removed person keeps their name for the record. */
const personSchema = z.strictObject({
  id: z.number().int().min(1),
  name: z
    .string()
    .min(1)
    .refine((name) => customerTextProblem('personName', name) === null),
  pin: pinHashSchema,
  removed: z.boolean(),
  ...tries,
});
export type StoredPerson = z.infer<typeof personSchema>;

/** As the owner-only version wrote it: read as "owner only, no staff". */
const fileV1Schema = z.strictObject({ version: z.literal(1), pin: pinHashSchema.nullable(), ...tries });
const fileV2Schema = z
  .strictObject({
    version: z.literal(2),
    pin: pinHashSchema.nullable(),
    ...tries,
    people: z.array(personSchema).max(1000),
    nextId: z.number().int().min(1),
  })
  .refine((f) => f.people.every((p, i) => p.id < f.nextId && f.people.findIndex((q) => q.id === p.id) === i), {
    error: 'person ids must be unique and below nextId',
  });
const fileSchema = z
  .union([fileV1Schema, fileV2Schema])
  .transform((f): PinFile => (f.version === 1 ? { ...f, version: 2, people: [], nextId: 1 } : f));
type PinFile = z.infer<typeof fileV2Schema>;
const EMPTY: PinFile = { version: 2, pin: null, ...NO_TRIES, people: [], nextId: 1 };

/** Who a PIN try is for: the owner, or a named person by id. */
export type Who = 'owner' | number;

/** Names are the same when they differ only in case or in how a letter is composed. */
const sameName = (a: string, b: string) => a.normalize('NFKC').toLocaleLowerCase() === b.normalize('NFKC').toLocaleLowerCase();

/** How long the n-th wrong PIN in a row makes the next try wait: 0 for the first four, then 30 s, 60 s, 120 s… */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.min(failures - FREE_TRIES, 20));
}

/**
 * The PIN's hash and the wrong-PIN count, kept on disk so a restart neither forgets the PIN nor
 * resets the wait. Tries run one at a time, so two at once cannot both slip in before the count.
 */
export class PinStore {
  readonly file: string;
  private state: PinFile;
  /** A file that is there but cannot be read: a PIN is set and none matches (Forgot PIN resets it). */
  private damaged = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
    private readonly hashParams?: Parameters<typeof hashPin>[1],
  ) {
    this.file = join(dataDir, PIN_FILE);
    this.state = this.load();
  }

  private load(): PinFile {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      if (errorFacts(e).code !== 'ENOENT') this.damaged = true;
      return EMPTY;
    }
    try {
      return fileSchema.parse(JSON.parse(text));
    } catch {
      // No one can sign in from a damaged file: the owner's Forgot PIN sets a new PIN, and the
      // staff are added again (their PINs were in the file that could not be read).
      this.damaged = true;
      return EMPTY;
    }
  }

  get pinSet(): boolean {
    return this.state.pin !== null || this.damaged;
  }

  get failures(): number {
    return this.state.failures;
  }

  failuresOf(who: Who): number {
    return this.triesOf(who).failures;
  }

  /** Seconds before the next try is allowed (a clock moved back never makes it longer than was set). */
  waitSeconds(who: Who = 'owner'): number {
    const t = this.triesOf(who);
    const left = Math.ceil((t.lockedUntil - this.now()) / 1000);
    return Math.max(0, Math.min(left, t.waitSeconds));
  }

  /** The staff who may sign in, in the order they were added. */
  people(): readonly { id: number; name: string }[] {
    return this.state.people.filter((p) => !p.removed).map(({ id, name }) => ({ id, name }));
  }

  /** Anyone's name by id, a removed person's too: the record keeps who did what. */
  personName(id: number): string | null {
    return this.state.people.find((p) => p.id === id)?.name ?? null;
  }

  addPerson(name: string, pin: string): Promise<number> {
    return this.serial(async () => {
      const clean = this.freeName(name, null);
      const hash = await hashPin(pin, this.hashParams);
      const id = this.state.nextId;
      const person: StoredPerson = { id, name: clean, pin: hash, removed: false, ...NO_TRIES };
      this.write({ ...this.state, people: [...this.state.people, person], nextId: id + 1 });
      return id;
    });
  }

  renamePerson(id: number, name: string): Promise<void> {
    return this.serial(async () => {
      const clean = this.freeName(name, id);
      this.write(this.withPerson(this.active(id), { name: clean }));
    });
  }

  /** The owner sets a new PIN for someone who forgot theirs; their wrong tries are forgiven. */
  resetPersonPin(id: number, pin: string): Promise<void> {
    return this.serial(async () => {
      const person = this.active(id);
      this.write(this.withPerson(person, { pin: await hashPin(pin, this.hashParams), ...NO_TRIES }));
    });
  }

  removePerson(id: number): Promise<void> {
    return this.serial(async () => {
      this.write(this.withPerson(this.active(id), { removed: true }));
    });
  }

  /** A named person's PIN, with their own wrong-PIN count and wait; a removed person is refused untried. */
  async checkPerson(id: number, pin: string): Promise<boolean> {
    this.active(id);
    return await this.attempt((stored) => (stored ? pinMatches(pin, stored) : Promise.resolve(false)), id);
  }

  private active(id: number): StoredPerson {
    const person = this.state.people.find((p) => p.id === id && !p.removed);
    if (!person) throw new UserFacingError('person_unknown', {});
    return person;
  }

  private withPerson(person: StoredPerson, change: Partial<StoredPerson>): PinFile {
    return { ...this.state, people: this.state.people.map((p) => (p.id === person.id ? { ...p, ...change } : p)) };
  }

  /** The name as it will be kept: one line, no hidden characters, and no one else's (ignoring case). */
  private freeName(name: string, self: number | null): string {
    const clean = name.trim();
    if (clean === '') throw new UserFacingError('bad_request', { detail: 'A name is needed.' });
    const problem = customerTextProblem('personName', clean);
    if (problem) throw new UserFacingError('customer_text_refused', { field: 'personName', problem, max: PERSON_NAME_MAX });
    // A removed person's name may be given again (someone back after a break): the ids tell them apart.
    const taken = this.state.people.find((p) => !p.removed && p.id !== self && sameName(p.name, clean));
    if (taken) throw new UserFacingError('person_name_taken', { name: taken.name });
    return clean;
  }

  private triesOf(who: Who): Tries {
    if (who === 'owner') return this.state;
    return this.state.people.find((p) => p.id === who) ?? NO_TRIES;
  }

  private withTries(who: Who, t: Tries): PinFile {
    if (who === 'owner') return { ...this.state, ...t };
    const person = this.state.people.find((p) => p.id === who);
    return person ? this.withPerson(person, t) : this.state;
  }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Sets (or replaces) the PIN and clears the wrong-PIN count; on a failed write nothing changes. */
  set(pin: string): Promise<void> {
    return this.serial(async () => {
      const hash = await hashPin(pin, this.hashParams);
      // The staff stay: a new owner PIN changes only the owner's.
      this.write({ ...this.state, pin: hash, ...NO_TRIES });
      this.damaged = false;
    });
  }

  /** Checks a PIN, counting a wrong one; refused unchecked while the wait runs. */
  check(pin: string): Promise<boolean> {
    return this.attempt((stored) => (stored ? pinMatches(pin, stored) : Promise.resolve(false)));
  }

  /**
   * One try at proving who is at the counter (a PIN, or the token for Forgot PIN): while a wait
   * runs it is refused without being tried; a wrong one counts and may start the next wait.
   */
  attempt(proof: (stored: PinHash | null) => Promise<boolean> | boolean, who: Who = 'owner'): Promise<boolean> {
    return this.serial(async () => {
      const wait = this.waitSeconds(who);
      if (wait > 0) throw waitError(wait);
      const stored = who === 'owner' ? this.state.pin : this.active(who).pin;
      if (await proof(stored)) {
        if (this.failuresOf(who) > 0) this.record(this.withTries(who, NO_TRIES));
        return true;
      }
      const failures = this.failuresOf(who) + 1;
      const waitSeconds = waitAfter(failures);
      this.record(this.withTries(who, { failures, waitSeconds, lockedUntil: this.now() + waitSeconds * 1000 }));
      return false;
    });
  }

  /** The count is kept in memory even when the disk refuses it: a full disk must not reset the wait. */
  private record(next: PinFile): void {
    this.state = next;
    try {
      this.write(next);
    } catch {
      // already kept in memory; the next write tries again
    }
  }

  private write(next: PinFile): void {
    const tmp = `${this.file}.tmp-${process.pid}`;
    try {
      const fd = openSync(tmp, 'w', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(next)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.file);
    } catch (e) {
      rmSync(tmp, { force: true });
      const { code } = errorFacts(e);
      throw new UserFacingError('pin_not_saved', { cue: code || 'write failed' });
    }
    this.state = next;
  }
}

export function waitError(seconds: number): UserFacingError {
  return new UserFacingError('pin_wait', { seconds });
}
