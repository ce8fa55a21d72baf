import type { Ledger } from '../ledger/ledger';
import type { EventSource, TxnRecord, TxnUpdate } from '../txn/txn-record';
import { isFinal } from '../../../shared/status';
import type { ResellerClient } from '../reseller/reseller-client';
import { updateFromReply } from '../txn/reply-update';
import { checkDelay, type BackoffSettings } from './backoff';
import { RateLimiter } from './rate-limiter';

export interface PollerSettings extends BackoffSettings {
  maxInFlight: number;
  ratePerSecond: number;
  /** Open longer than this, a transaction is flagged NeedsAttention and no longer polled. */
  maxOpenAgeMs: number;
}

export const DEFAULT_POLLER: PollerSettings = {
  firstDelayMs: 3_000,
  maxDelayMs: 5 * 60_000,
  maxInFlight: 3,
  ratePerSecond: 5,
  maxOpenAgeMs: 72 * 3600_000,
};

const pair = (c: { before: TxnRecord; after: TxnRecord }) => [c.before, c.after] as const;

function keepFlag(flagged: boolean, u: TxnUpdate): TxnUpdate {
  return flagged && !isFinal(u.status) ? { ...u, status: 'NeedsAttention' } : u;
}

/** A transaction flagged NeedsAttention stays flagged but is still asked about, hourly. */
export const NEEDS_ATTENTION_RECHECK_MS = 3600_000;

const OFFLINE_PAUSE_MIN_MS = 5_000;
const OFFLINE_PAUSE_MAX_MS = 120_000;

export interface PollerDeps {
  ledger: Ledger;
  client: ResellerClient;
  settings: () => PollerSettings;
  now?: () => number;
  random?: () => number;
  onChange: (before: TxnRecord, after: TxnRecord) => void;
  onConnection: (online: boolean) => void;
  /** Reported once per transaction after its first check since start-up, whatever it found. */
  onChecked?: (refId: string) => void;
  /** Which source a scheduled check is recorded under (start-up reconciliation, or polling). */
  sourceFor?: (refId: string) => EventSource;
}

/**
 * Resolves every open transaction with the status check, never by resending. Checks back off per
 * transaction; at most a few run at once and a global rate cap protects the provider. When the
 * provider cannot be reached, everything pauses and resumes with jitter.
 */
export class Poller {
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<string>();
  private running = false;
  private online = true;
  private pausedUntil = 0;
  private offlinePauseMs = OFFLINE_PAUSE_MIN_MS;
  private readonly limiter: RateLimiter;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly deps: PollerDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.limiter = new RateLimiter(deps.settings().ratePerSecond, this.now);
  }

  get isOnline(): boolean {
    return this.online;
  }

  start(): void {
    this.running = true;
    this.kick();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Wait for the checks under way (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await new Promise((r) => setTimeout(r, 5));
  }

  /** Re-plans the timer after the ledger's schedule changed. */
  kick(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Every slot taken: the first check to finish kicks again. A timer now would fire at once,
    // find no slot and re-arm, spinning a core while thousands of checks are overdue.
    if (this.inFlight.size >= this.deps.settings().maxInFlight) return;
    const due = this.deps.ledger.nextDueAt();
    if (due === null) return;
    const wait = Math.max(due - this.now(), this.pausedUntil - this.now(), 0);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.runDue();
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    this.timer.unref?.();
  }

  private async runDue(): Promise<void> {
    if (!this.running) return;
    const s = this.deps.settings();
    const free = s.maxInFlight - this.inFlight.size;
    if (free > 0 && this.now() >= this.pausedUntil) {
      const due = this.deps.ledger.dueChecks(this.now(), free + this.inFlight.size).filter((t) => !this.inFlight.has(t.refId));
      for (const txn of due.slice(0, free)) void this.check(txn, this.deps.sourceFor?.(txn.refId) ?? 'poll');
    }
    this.kick();
  }

  /** An immediate check (shopkeeper's "check now", a callback hint, start-up reconciliation). */
  async checkNow(refId: string, source: EventSource): Promise<TxnRecord | undefined> {
    const txn = this.deps.ledger.get(refId);
    if (!txn) return undefined;
    if (this.inFlight.has(refId)) {
      await this.idle();
      return this.deps.ledger.get(refId);
    }
    await this.check(txn, source);
    return this.deps.ledger.get(refId);
  }

  private async check(txn: TxnRecord, source: EventSource): Promise<void> {
    const { ledger } = this.deps;
    const s = this.deps.settings();
    this.inFlight.add(txn.refId);
    try {
      const now = this.now();
      const flagged = txn.status === 'NeedsAttention';
      if (!flagged && (source === 'poll' || source === 'reconcile') && now - txn.createdAt > s.maxOpenAgeMs) {
        const update = { status: 'NeedsAttention' as const, nextCheckAt: now + NEEDS_ATTENTION_RECHECK_MS };
        this.deps.onChange(...pair(ledger.update(txn.refId, update, 'age', now, null, 'open too long: check with the provider')));
        return;
      }
      await this.limiter.take();
      const outcome = await this.deps.client.status(txn.refId, txn.rechargeDate);
      const at = this.now();
      const attempts = txn.attempts + 1;
      // A flagged transaction keeps its flag until the provider gives a final answer.
      const later = flagged ? at + NEEDS_ATTENTION_RECHECK_MS : at + checkDelay(attempts, s, this.random);
      // A Submitting row met at start-up may never have reached the provider; until it answers,
      // the honest state is Unknown.
      const settledLocal = txn.status === 'Submitting' ? 'Unknown' : txn.status;
      if (outcome.kind === 'answer') {
        this.setOnline(true);
        const changed = ledger.update(
          txn.refId,
          { ...keepFlag(flagged, updateFromReply(settledLocal, outcome.reply, later)), attempts },
          source,
          at,
          outcome.raw,
        );
        this.deps.onChange(...pair(changed));
      } else {
        if (outcome.kind === 'unknown' && (outcome.reason === 'network' || outcome.reason === 'timeout')) this.setOnline(false);
        else this.setOnline(true);
        const error = outcome.kind === 'lookup_failed' ? `lookup failed: ${outcome.message}` : `${outcome.reason}: ${outcome.detail}`;
        const changed = ledger.update(
          txn.refId,
          { status: settledLocal, nextCheckAt: later, attempts, lastError: error.slice(0, 500) },
          source,
          at,
          outcome.kind === 'lookup_failed' ? outcome.raw : null,
          error.slice(0, 200),
        );
        this.deps.onChange(...pair(changed));
      }
    } finally {
      this.inFlight.delete(txn.refId);
      this.deps.onChecked?.(txn.refId);
      this.kick();
    }
  }

  private setOnline(online: boolean): void {
    if (online) {
      this.offlinePauseMs = OFFLINE_PAUSE_MIN_MS;
      this.pausedUntil = 0;
    } else {
      this.pausedUntil = this.now() + Math.round(this.offlinePauseMs * (0.8 + 0.4 * this.random()));
      this.offlinePauseMs = Math.min(OFFLINE_PAUSE_MAX_MS, this.offlinePauseMs * 2);
    }
    if (online !== this.online) {
      this.online = online;
      this.deps.onConnection(online);
    }
  }
}
