import { OWNER_ID, type LockStatus, type Person, type Role } from '../../../shared/lock-schemas';
import type { Settings } from '../../../shared/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';
import { withSecretInFlight } from '../log/secrets-in-flight';
import type { TokenRead } from '../vault/secret-vault';
import { sameSecret } from './pin-hash';
import { FREE_TRIES, type PinStore, type Who } from './pin-store';

export interface LockDeps {
  readonly pins: PinStore;
  readonly settings: () => Settings['lock'];
  /** The provider token, for Forgot PIN; only a live account's token proves ownership. */
  readonly liveToken: () => TokenRead | null;
  readonly now: () => number;
  /** Told whenever the role or the PIN state changes (the window follows it). */
  readonly onChange: (status: LockStatus) => void;
  /** How long a "minute" of the idle lock is (tests shorten it); 60 000 ms by default. */
  readonly minuteMs?: number;
}

/**
 * Who is at the counter. Until a PIN is set everyone is the owner (the app as it always was);
 * after that the app starts as staff, the owner unlocks with the PIN, and idle minutes or "Lock"
 * bring it back to staff. Once the owner names staff (issue 38), each signs in with their own PIN
 * and "staff" is no longer anyone: with nobody signed in, money waits (the role gate). Main
 * decides; the window only shows what it is told.
 */
export class LockService {
  /** Who signed in with a PIN; null is the locked state. */
  private signedIn: Who | null = null;
  private lastActivity = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: LockDeps) {}

  private get minuteMs(): number {
    return this.deps.minuteMs ?? 60_000;
  }

  role(): Role {
    if (!this.deps.pins.pinSet) return 'owner';
    this.expireIfIdle();
    return this.signedIn === 'owner' ? 'owner' : 'staff';
  }

  /** Who is at the counter, for a later record of who did what; null is anonymous staff or nobody. */
  person(): Person | null {
    const owner: Person = { id: OWNER_ID, name: '', role: 'owner' };
    if (this.role() === 'owner') return owner;
    const id = this.signedIn;
    if (typeof id !== 'number') return null;
    return { id, name: this.deps.pins.personName(id) ?? '', role: 'staff' };
  }

  /** Staff are named and nobody has typed a PIN: nothing that moves money may run. */
  nobodySignedIn(): boolean {
    return this.deps.pins.pinSet && this.deps.pins.people().length > 0 && this.person() === null;
  }

  status(): LockStatus {
    const token = this.deps.liveToken();
    return {
      pinSet: this.deps.pins.pinSet,
      role: this.role(),
      person: this.person(),
      people: [...this.deps.pins.people()],
      idleMinutes: this.deps.settings().idleMinutes,
      waitSeconds: this.deps.pins.waitSeconds(),
      failures: this.deps.pins.failures,
      reset: token?.kind === 'saved' ? 'token' : 'file',
      pinFile: this.deps.pins.file,
    };
  }

  /** The owner is still at the keyboard: the idle lock starts counting again. */
  touch(): LockStatus {
    if (this.deps.pins.pinSet && this.person() !== null) {
      this.lastActivity = this.deps.now();
      this.arm();
    }
    return this.status();
  }

  /** Sets the first PIN (anyone: no PIN yet means everyone is owner) or changes it (the router lets only the owner). */
  async setPin(pin: string): Promise<LockStatus> {
    await withSecretInFlight(pin, () => this.deps.pins.set(pin));
    return this.signIn('owner');
  }

  /** The owner's PIN, or a named person's own PIN (their own wrong-PIN count and wait). */
  async unlock(pin: string, person?: number): Promise<LockStatus> {
    if (!this.deps.pins.pinSet) return this.status();
    const who: Who = person ?? 'owner';
    const right = await withSecretInFlight(pin, () => (who === 'owner' ? this.deps.pins.check(pin) : this.deps.pins.checkPerson(who, pin)));
    if (!right) throw this.wrong('wrong_pin', who);
    return this.signIn(who);
  }

  /** The owner's People list (the router lets only the owner). */
  async addPerson(name: string, pin: string): Promise<LockStatus> {
    await withSecretInFlight(pin, () => this.deps.pins.addPerson(name, pin));
    return this.changed();
  }

  async renamePerson(id: number, name: string): Promise<LockStatus> {
    await this.deps.pins.renamePerson(id, name);
    return this.changed();
  }

  async resetPersonPin(id: number, pin: string): Promise<LockStatus> {
    await withSecretInFlight(pin, () => this.deps.pins.resetPersonPin(id, pin));
    return this.changed();
  }

  async removePerson(id: number): Promise<LockStatus> {
    await this.deps.pins.removePerson(id);
    return this.changed();
  }

  /**
   * The owner's word for one action, given at that moment: the owner at the counter, or staff with
   * the owner's PIN typed in the same dialog (counted against the same lockout). It does not unlock.
   */
  async ownerWord(pin: string | undefined): Promise<boolean> {
    if (this.role() === 'owner') return true;
    if (pin === undefined) return false;
    const right = await withSecretInFlight(pin, () => this.deps.pins.check(pin));
    if (!right) throw this.wrong('owner_pin_wrong');
    return true;
  }

  lock(): LockStatus {
    this.signedIn = null;
    this.disarm();
    return this.changed();
  }

  /** Forgot PIN: the live account's token proves ownership without a server; then a new PIN. */
  async resetPin(token: string, pin: string): Promise<LockStatus> {
    const saved = this.deps.liveToken();
    if (saved?.kind !== 'saved') {
      throw new UserFacingError('pin_reset_needs_file', { file: this.deps.pins.file });
    }
    const right = await withSecretInFlight(pin, () =>
      withSecretInFlight(token, () => this.deps.pins.attempt(() => sameSecret(token, saved.token))),
    );
    if (!right) throw this.wrong('wrong_token');
    return this.setPin(pin);
  }

  close(): void {
    this.disarm();
  }

  private wrong(code: 'wrong_pin' | 'wrong_token' | 'owner_pin_wrong', who: Who = 'owner'): UserFacingError {
    const waitSeconds = this.deps.pins.waitSeconds(who);
    return new UserFacingError(code, {
      waitSeconds,
      triesLeft: waitSeconds > 0 ? 0 : Math.max(0, FREE_TRIES - this.deps.pins.failuresOf(who)),
    });
  }

  private signIn(who: Who): LockStatus {
    this.signedIn = who;
    this.lastActivity = this.deps.now();
    this.arm();
    return this.changed();
  }

  private changed(): LockStatus {
    const status = this.status();
    this.deps.onChange(status);
    return status;
  }

  private idleMs(): number {
    return this.deps.settings().idleMinutes * this.minuteMs;
  }

  /** Back to the locked state once the idle time has passed (checked on every question, and by a timer). */
  private expireIfIdle(): void {
    const idle = this.idleMs();
    if (this.signedIn === null || idle === 0 || this.deps.now() - this.lastActivity < idle) return;
    // The timer (still armed) tells the window; this only makes sure no call slips in before it fires.
    this.signedIn = null;
  }

  private arm(): void {
    this.disarm();
    const idle = this.idleMs();
    if (this.signedIn === null || idle === 0) return;
    const due = Math.max(0, this.lastActivity + idle - this.deps.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.expireIfIdle();
      if (this.signedIn === null) this.deps.onChange(this.status());
      else this.arm();
    }, due + 5);
    this.timer.unref?.();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Settings changed (the idle minutes): the timer follows. */
  rearm(): void {
    this.role();
    this.arm();
  }
}
