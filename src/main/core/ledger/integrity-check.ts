import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { errorFacts } from '../errors/error-facts';
import { checkMarker } from './open-database';
import { checkInWorker } from './sqlite-worker';

const DAY_MS = 24 * 3600_000;

const stateSchema = z.object({
  at: z.number().int(),
  ok: z.boolean(),
  detail: z.string().max(2000),
});
export type IntegrityState = z.infer<typeof stateSchema>;

export interface IntegrityDeps {
  readonly file: string;
  readonly now: () => number;
  /** Told after every check that ran: a damaged result must reach the shopkeeper. */
  readonly onResult: (state: IntegrityState) => void;
}

/**
 * The ledger's full check (`quick_check`), moved off the start and quit paths: it runs in a
 * worker on its own connection, at most once a day, and remembers its result beside the file.
 * A failed check leaves the marker that makes the next start repair the file first.
 */
export class IntegrityMonitor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<IntegrityState | null> | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly deps: IntegrityDeps) {}

  private get stateFile(): string {
    return `${this.deps.file}.check.json`;
  }

  /** The last check's result, or null if this ledger was never checked. */
  last(): IntegrityState | null {
    if (!existsSync(this.stateFile)) return null;
    try {
      return stateSchema.parse(JSON.parse(readFileSync(this.stateFile, 'utf8')));
    } catch {
      return null; // an unreadable record only means the next check is due
    }
  }

  isDue(): boolean {
    const last = this.last();
    return last === null || !last.ok || this.deps.now() - last.at >= DAY_MS;
  }

  /** Runs the check if a day has passed since the last (or `force`); null when not due. */
  runIfDue(force = false): Promise<IntegrityState | null> {
    if (this.running) return this.running;
    if (!force && !this.isDue()) return Promise.resolve(null);
    this.running = this.check().finally(() => (this.running = null));
    return this.running;
  }

  private async check(): Promise<IntegrityState> {
    let detail: string;
    try {
      detail = await checkInWorker(this.deps.file, this.abort.signal);
    } catch (e) {
      // Stopped by a quit: not a result, the next start checks again.
      if (this.abort.signal.aborted) throw e;
      detail = errorFacts(e).message || 'the check could not read the file';
    }
    const state: IntegrityState = { at: this.deps.now(), ok: detail === 'ok', detail: detail.slice(0, 2000) };
    if (!state.ok) writeFileSync(checkMarker(this.deps.file), `quick_check failed: ${state.detail}\n`);
    const tmp = `${this.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, this.stateFile);
    this.deps.onResult(state);
    return state;
  }

  /** First check a little after start (not competing with it), then looks hourly whether one is due. */
  start(firstDelayMs: number): void {
    const tick = () => void this.runIfDue().catch(() => {});
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, 3600_000);
      this.timer.unref();
    }, firstDelayMs);
    this.timer.unref();
  }

  /** Stops the timers and a check under way: quitting never waits for a check. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running?.catch(() => null);
  }
}
