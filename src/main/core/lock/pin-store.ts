import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { errorFacts } from '../errors/error-facts';
import { UserFacingError } from '../errors/user-facing-error';
import { hashPin, pinHashSchema, pinMatches, type PinHash } from './pin-hash';

/**
 * The owner PIN lives in its own file in the data folder, not in settings.json: `settings:get`
 * hands the whole settings to the window, diagnostics copy them for support, and "move to another
 * PC" carries them to a new machine. None of those may hold the PIN's hash, and the wrong-PIN
 * count must not be undone by restoring or importing settings.
 */
export const PIN_FILE = 'owner-pin.json';

/** Wrong PINs in a row that are free; each one after waits twice as long as the one before. */
export const FREE_TRIES = 5;
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 60 * 60;

const fileSchema = z.strictObject({
  version: z.literal(1),
  pin: pinHashSchema.nullable(),
  failures: z.number().int().min(0).max(1_000_000),
  /** Epoch ms until which PIN entry is refused, and the wait that was set (to bound a clock moved back). */
  lockedUntil: z.number().int().min(0),
  waitSeconds: z.number().int().min(0).max(MAX_WAIT_SECONDS),
});
type PinFile = z.infer<typeof fileSchema>;

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
      return { version: 1, pin: null, failures: 0, lockedUntil: 0, waitSeconds: 0 };
    }
    try {
      return fileSchema.parse(JSON.parse(text));
    } catch {
      this.damaged = true;
      return { version: 1, pin: null, failures: 0, lockedUntil: 0, waitSeconds: 0 };
    }
  }

  get pinSet(): boolean {
    return this.state.pin !== null || this.damaged;
  }

  get failures(): number {
    return this.state.failures;
  }

  /** Seconds before the next try is allowed (a clock moved back never makes it longer than was set). */
  waitSeconds(): number {
    const left = Math.ceil((this.state.lockedUntil - this.now()) / 1000);
    return Math.max(0, Math.min(left, this.state.waitSeconds));
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
      this.write({ version: 1, pin: hash, failures: 0, lockedUntil: 0, waitSeconds: 0 });
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
  attempt(proof: (stored: PinHash | null) => Promise<boolean> | boolean): Promise<boolean> {
    return this.serial(async () => {
      const wait = this.waitSeconds();
      if (wait > 0) throw waitError(wait);
      if (await proof(this.state.pin)) {
        if (this.state.failures > 0) this.record({ ...this.state, failures: 0, lockedUntil: 0, waitSeconds: 0 });
        return true;
      }
      const failures = this.state.failures + 1;
      const waitSeconds = waitAfter(failures);
      this.record({ ...this.state, failures, waitSeconds, lockedUntil: this.now() + waitSeconds * 1000 });
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
