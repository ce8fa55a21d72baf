import type { Ledger } from '../ledger/ledger';
import type { EventSource, TxnRecord, TxnUpdate } from '../txn/txn-record';
import { isFinal, type ParsedStatus } from '../../../shared/status';
import type { ResellerClient } from '../reseller/reseller-client';
import { updateFromReply } from '../txn/reply-update';
import { followUpAt, isFollowedUp, withFollowUp } from '../txn/follow-up';
import { isChangedAnswer } from '../../../shared/money-law/status-money';
import { checkDelay, type BackoffSettings } from './backoff';
import { RateLimiter } from './rate-limiter';
import { WindowLimiter } from './window-limiter';
import type { NotOurs, StatusOutcome } from '../reseller/outcomes';
import { complaintRecheckAt } from '../complaints/complaint-state';
import { adjacentIstDate, isNotFound, neverLeft, NOT_SENT_RULE, type NotSentRule } from './after-answer';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { reachedNobody } from '../reseller/reached-nobody';

export interface PollerSettings extends BackoffSettings {
  maxInFlight: number;
  ratePerSecond: number;
  /** Open longer than this, a transaction is flagged NeedsAttention and no longer polled. */
  maxOpenAgeMs: number;
  /** When a recharge that never left is closed as not sent; the default outside tests. */
  notSent?: NotSentRule;
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
  /** The client of the account a row was sent to (issue 29); absent: `client` for every row. */
  clientFor?: (txn: TxnRecord) => ResellerClient;
  settings: () => PollerSettings;
  now?: () => number;
  random?: () => number;
  onChange: (before: TxnRecord, after: TxnRecord) => void;
  /** Whether the provider of one account answers (issue 35): each account pauses and comes back on its own. */
  onConnection: (online: boolean, account: string) => void;
  /** Reported once per transaction after its first check since start-up, whatever it found. */
  onChecked?: (refId: string) => void;
  /** Which source a scheduled check is recorded under (start-up reconciliation, or polling). */
  sourceFor?: (refId: string) => EventSource;
  /**
   * A run or a check that threw from a timer (damage met in the ledger, a bug): told here, never
   * left as an unhandled rejection, which would end the process.
   */
  onError?: (e: unknown) => void;
  /**
   * After an answer is stored, with the word the provider said (issue 29): the routing asks
   * whether a sale may go on to its next account, or names a possible double recharge.
   */
  afterAnswer?: (after: TxnRecord, said: ProviderWord) => void;
  /** A status check's answer named another reference, number, amount or operator (money-law/reply-match): kept as unknown, then told here. */
  onNotOurs?: (after: TxnRecord, reply: NotOurs) => void;
  /** The most status checks an account's provider takes in a minute (its profile's limits, issue 36); null: no limit. */
  statusPerMinute?: (account: string) => number | null;
  /** How many checks of an account wait for its provider's limit (0: none any more). */
  onStatusWaiting?: (account: string, waiting: number, perMinute: number) => void;
  /** The provider's minute (tests shorten it). */
  statusWindowMs?: number;
}

/** What a status check's answer said, whatever the ledger made of it. */
export type ProviderWord = ParsedStatus['status'];

/** One account's provider as the checks found it: unreachable, its rows wait, then are tried again with jitter. */
interface Reach {
  online: boolean;
  pausedUntil: number;
  pauseMs: number;
}

const accountOf = (txn: TxnRecord): string => txn.accountId ?? FIRST_ACCOUNT_ID;

/**
 * Resolves every open transaction with the status check, never by resending. Checks back off per
 * transaction; at most a few run at once and a global rate cap protects the provider. When an
 * account's provider cannot be reached, that account's checks pause and resume with jitter; the
 * other accounts' go on (with one account, everything pauses, as before routing).
 */
export class Poller {
  private timer: NodeJS.Timeout | null = null;
  /** When the armed timer fires (ms since the epoch), while it is armed. */
  private armedFor = 0;
  /** Checks under way per ref_id; a fresh "check now" may overlap a slower one (the newest answer wins). */
  private readonly inFlight = new Map<string, number>();
  private readonly tasks = new Set<Promise<void>>();
  private running = false;
  /**
   * Aborted by stop(): a check waiting for its turn under the rate cap, or for the provider's
   * answer, ends at once and writes nothing. The row stays open as it was, and the next start's
   * reconciliation checks it again (a status check only reads, so asking again is always safe).
   */
  private stopping = new AbortController();
  private readonly reach = new Map<string, Reach>();
  private readonly limiter: RateLimiter;
  /** Each account's provider limit on status checks, made on first use (a changed profile is a new session). */
  private readonly windows = new Map<string, WindowLimiter | null>();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly deps: PollerDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.limiter = new RateLimiter(deps.settings().ratePerSecond, this.now);
  }

  /** The first account's provider answers (the wallet the balance service keeps). */
  get isOnline(): boolean {
    return this.isOnlineFor(FIRST_ACCOUNT_ID);
  }

  isOnlineFor(account: string): boolean {
    return this.reach.get(account)?.online ?? true;
  }

  /** Accounts whose checks wait now, and the soonest any of them may be asked again. */
  private paused(now: number): { accounts: string[]; until: number } {
    const accounts: string[] = [];
    let until = Infinity;
    for (const [account, r] of this.reach)
      if (r.pausedUntil > now) {
        accounts.push(account);
        until = Math.min(until, r.pausedUntil);
      }
    return { accounts, until };
  }

  start(): void {
    this.running = true;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    this.kick();
  }

  /**
   * No new checks, and the ones under way end now rather than when the provider answers: the
   * quit waits on idle(), and three checks queued at 5 a second held it ~600 ms (a slow provider
   * up to the 30 s deadline).
   */
  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopping.abort();
  }

  /** Wait for the checks under way (tests and shutdown): on their promises, never on a spinning timer. */
  async idle(): Promise<void> {
    while (this.tasks.size) await Promise.allSettled([...this.tasks]);
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
    const now = this.now();
    const paused = this.paused(now);
    // A paused account's rows wait for its pause to end; the others' are due as they are.
    const live = paused.accounts.length > 0 ? (this.deps.ledger.nextDueAt(paused.accounts) ?? Infinity) : due;
    const wait = Math.min(Math.max(Math.min(live, Math.max(due, paused.until)) - now, 0), 2 ** 31 - 1);
    this.armedFor = this.now() + wait;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runDue().catch((e: unknown) => this.deps.onError?.(e));
    }, wait);
    this.timer.unref?.();
  }

  /**
   * A transaction now has a check due at `at` (a recharge's reply was stored): a timer already
   * armed for that time or sooner finds it when it fires (each run plans again from the ledger), so
   * only a later timer, or none, is planned again. A submit re-planned every time, a query on its
   * path, though its first follow-up check is an hour away.
   */
  dueAt(at: number): void {
    if (this.timer && this.armedFor <= at) return;
    this.kick();
  }

  private async runDue(): Promise<void> {
    if (!this.running) return;
    const s = this.deps.settings();
    const free = s.maxInFlight - this.tasks.size;
    if (free > 0) {
      const now = this.now();
      const paused = this.paused(now).accounts;
      const due = this.deps.ledger.dueChecks(now, free + this.tasks.size, paused).filter((t) => !this.inFlight.has(t.refId));
      for (const txn of due.slice(0, free))
        this.track(txn, this.deps.sourceFor?.(txn.refId) ?? 'poll').catch((e: unknown) => this.deps.onError?.(e));
    }
    this.kick();
  }

  /**
   * An immediate check (shopkeeper's "check now", a callback hint, start-up reconciliation). It is
   * always a fresh one: a check already under way was sent before this reason to ask arose.
   */
  async checkNow(refId: string, source: EventSource): Promise<TxnRecord | undefined> {
    const txn = this.deps.ledger.get(refId);
    if (!txn) return undefined;
    await this.track(txn, source);
    return this.deps.ledger.get(refId);
  }

  private track(txn: TxnRecord, source: EventSource): Promise<void> {
    this.inFlight.set(txn.refId, (this.inFlight.get(txn.refId) ?? 0) + 1);
    const stopped = this.stopping.signal;
    const task = this.check(txn, source).finally(() => {
      this.tasks.delete(task);
      const left = (this.inFlight.get(txn.refId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(txn.refId, left);
      else this.inFlight.delete(txn.refId);
      // A check ended by stop() found nothing out: the number's reconciliation still holds.
      if (!stopped.aborted) this.deps.onChecked?.(txn.refId);
      this.kick();
    });
    this.tasks.add(task);
    return task;
  }

  /**
   * Asks the provider, trying the adjacent IST date once when a near-midnight lookup finds nothing.
   * Null when the poller stopped meanwhile: whatever came back is not to be written.
   */
  private async ask(txn: TxnRecord, signal: AbortSignal): Promise<{ outcome: StatusOutcome; date: string } | null> {
    if (!(await this.turn(txn, signal))) return null;
    // Read with the profile it was sent with: a later change of profile cannot change its story.
    const tag = this.deps.ledger.profileOf(txn.refId);
    // Asked of the account it was sent to: another provider has never heard of this ref_id.
    const client = this.deps.clientFor?.(txn) ?? this.deps.client;
    // What it was sent for: an answer naming another number, amount or operator is not about it.
    const sent = { number: txn.number, amount: txn.amount, operator: txn.operator, ...(txn.txnId ? { txnId: txn.txnId } : {}) };
    const outcome = await client.status(txn.refId, txn.rechargeDate, signal, tag, sent);
    if (signal.aborted) return null;
    const other = isNotFound(outcome) ? adjacentIstDate(txn.createdAt) : null;
    if (other === null || other === txn.rechargeDate) return { outcome, date: txn.rechargeDate };
    if (!(await this.turn(txn, signal))) return null;
    const retry = await client.status(txn.refId, other, signal, tag, sent);
    if (signal.aborted) return null;
    return retry.kind === 'answer' ? { outcome: retry, date: other } : { outcome, date: txn.rechargeDate };
  }

  /** A status request's turn: under the app's own rate cap and the provider's per-minute limit for the row's account. */
  private async turn(txn: TxnRecord, signal: AbortSignal): Promise<boolean> {
    const account = accountOf(txn);
    if (!this.windows.has(account)) {
      const max = this.deps.statusPerMinute?.(account) ?? null;
      const onWaiting = (waiting: number) => this.deps.onStatusWaiting?.(account, waiting, max ?? 0);
      this.windows.set(account, max === null ? null : new WindowLimiter(max, this.deps.statusWindowMs ?? 60_000, this.now, onWaiting));
    }
    const window = this.windows.get(account);
    if (window && !(await window.take(signal))) return false;
    return this.limiter.take(signal);
  }

  private async check(first: TxnRecord, source: EventSource): Promise<void> {
    const { ledger } = this.deps;
    // Stopped before it began (a "check now" during a quit): the next start checks it.
    if (this.stopping.signal.aborted) return;
    const s = this.deps.settings();
    const now = this.now();
    const flagged = first.status === 'NeedsAttention';
    // One that never left is not the provider's to answer for: it is not flagged "check with the provider".
    const tooOld =
      !flagged && !isFinal(first.status) && (source === 'poll' || source === 'reconcile') && now - first.createdAt > s.maxOpenAgeMs;
    if (tooOld && !ledger.sendState(first.refId).notSent) {
      const update = { status: 'NeedsAttention' as const, nextCheckAt: now + NEEDS_ATTENTION_RECHECK_MS };
      this.deps.onChange(...pair(ledger.update(first.refId, update, 'age', now, null, 'open too long: check with the provider')));
      return;
    }
    const sentAt = this.now();
    const signal = this.stopping.signal;
    const asked = await this.ask(first, signal);
    if (!asked) return;
    let { outcome, date } = asked;
    // What another check applied while this one was out matters more than what we started from.
    const txn = ledger.get(first.refId) ?? first;
    if (outcome.kind === 'answer' && txn.status === 'Success' && outcome.reply.status.status === 'Refunded') {
      // Money coming back after a success is verified by a second status check before it is believed.
      const again = await this.ask(txn, signal);
      if (!again) return;
      if (again.outcome.kind !== 'answer' || again.outcome.reply.status.status !== 'Refunded') ({ outcome, date } = again);
    }
    if (date !== txn.rechargeDate) ledger.setRechargeDate(txn.refId, date);
    const at = this.now();
    const attempts = txn.attempts + 1;
    const nowFlagged = txn.status === 'NeedsAttention';
    // A flagged transaction keeps its flag until the provider gives a final answer.
    const later = nowFlagged ? at + NEEDS_ATTENTION_RECHECK_MS : at + checkDelay(attempts, s, this.random);
    // A Submitting row met at start-up may never have reached the provider; until it answers,
    // the honest state is Unknown.
    const settledLocal = txn.status === 'Submitting' ? 'Unknown' : txn.status;
    const state = ledger.sendState(txn.refId);
    const account = accountOf(txn);
    if (outcome.kind === 'answer') {
      this.setOnline(true, account);
      const fresh = updateFromReply(settledLocal, outcome.reply, later, 'check');
      // A follow-up that finds a final row as it was changes only its schedule: the first answer's
      // facts (the balance it left, the commission) are what the card showed and the books hold.
      const u: TxnUpdate =
        isFinal(txn.status) && fresh.status === txn.status
          ? {
              status: txn.status,
              nextCheckAt: isFollowedUp(txn.status) ? followUpAt(txn.createdAt, at) : null,
              attempts,
              answerSentAt: sentAt,
              lastError: null,
            }
          : { ...withFollowUp(keepFlag(nowFlagged, fresh), at), attempts, answerSentAt: sentAt };
      // The provider has it after all: it was sent.
      if (state.notSent) u.notSent = false;
      // The status check's own Failure, not a first reply's: only this lets a routed sale try another account.
      if (outcome.reply.status.status === 'Failure' && u.status === 'Failure') u.failureConfirmed = true;
      const refund = txn.status === 'Success' && u.status === 'Refunded';
      // The checked word is the truth, even when it takes back a Failure or a refusal: the ledger
      // keeps both (answer_changes) and the card, History and a notice say it. Nothing is sent.
      const changedAnswer = isChangedAnswer(txn.status, u.status);
      // The event keeps the money note's code, never words: the screens say it (and its amount) from the catalogue.
      const note = refund ? ('refunded_after_success' as const) : changedAnswer ? ('answer_changed' as const) : null;
      if (note) u.moneyNote = note;
      const raised = ledger.raisedComplaints(txn.refId).length > 0;
      // A raised complaint keeps a successful transaction on the slow schedule.
      if (raised && u.status === 'Success') u.nextCheckAt = this.complaintSchedule(txn.refId, at);
      const changed = ledger.update(txn.refId, u, source, at, outcome.raw, note);
      if (changed.stale) return;
      if (raised) this.settleComplaints(changed.after, at);
      this.deps.onChange(...pair(changed));
      this.deps.afterAnswer?.(changed.after, outcome.reply.status.status);
      return;
    }
    this.setOnline(!reachedNobody(outcome), account);
    const notFound = isNotFound(outcome) ? state.notFound + 1 : state.notFound;
    const error = outcome.kind === 'lookup_failed' ? `lookup failed: ${outcome.message}` : `${outcome.reason}: ${outcome.detail}`;
    let u: TxnUpdate = { status: settledLocal, nextCheckAt: later, attempts, lastError: error.slice(0, 500), notFound };
    if (!isFinal(txn.status) && neverLeft({ notSent: state.notSent, notFound }, txn.createdAt, at, s.notSent ?? NOT_SENT_RULE)) {
      // Closed, and still asked about later: a provider that files it late may yet say Success.
      u = withFollowUp({ ...u, status: 'Error', moneyNote: 'not_sent', nextCheckAt: null }, at);
    } else if (isFinal(txn.status)) {
      // A failed lookup on a final row (a complaint being followed) changes nothing but its schedule.
      const raised = this.deps.ledger.raisedComplaints(txn.refId).length > 0;
      const next = raised ? this.complaintSchedule(txn.refId, at) : isFollowedUp(txn.status) ? followUpAt(txn.createdAt, at) : null;
      u = { ...u, nextCheckAt: txn.nextCheckAt === null ? null : next };
    }
    const notOurs = outcome.kind === 'unknown' && outcome.reason === 'not_ours' ? outcome : null;
    // An answer about another request is kept in the event log, even where the status stays.
    if (notOurs) u.keepEvent = true;
    const changed = ledger.update(
      txn.refId,
      u,
      source,
      at,
      notOurs ? notOurs.raw : outcome.kind === 'lookup_failed' ? outcome.raw : null,
      u.status === 'Error' ? 'not sent: the provider never had it' : (notOurs ? `not ours: ${notOurs.detail}` : error).slice(0, 200),
    );
    if (isFinal(txn.status)) this.settleComplaints(changed.after, at);
    this.deps.onChange(...pair(changed));
    if (notOurs) this.deps.onNotOurs?.(changed.after, notOurs);
    // Closed as never sent, the attempt has ended as surely as a Failure: its sale goes on or ends,
    // and the customer's money follows now, routing on or off (the triggers only act unrouted).
    if (!changed.stale && !isFinal(txn.status) && isFinal(changed.after.status)) this.deps.afterAnswer?.(changed.after, 'Unknown');
  }

  /** Next check of a final row with a raised complaint; null once the window is over. */
  private complaintSchedule(refId: string, at: number): number | null {
    const raised = this.deps.ledger.raisedComplaints(refId)[0];
    return raised ? complaintRecheckAt(raised.createdAt, at) : null;
  }

  /** Money coming back settles a raised complaint as refunded; the end of the window closes it unchanged. */
  private settleComplaints(after: TxnRecord, at: number): void {
    if (after.status === 'Refunded' || after.status === 'Failure') this.deps.ledger.settleComplaints(after.refId, 'refunded', at);
    else if (after.status === 'Success' && after.nextCheckAt === null) this.deps.ledger.settleComplaints(after.refId, 'closed', at);
  }

  private setOnline(online: boolean, account: string): void {
    let r = this.reach.get(account);
    if (!r) this.reach.set(account, (r = { online: true, pausedUntil: 0, pauseMs: OFFLINE_PAUSE_MIN_MS }));
    if (online) {
      r.pauseMs = OFFLINE_PAUSE_MIN_MS;
      r.pausedUntil = 0;
    } else {
      r.pausedUntil = this.now() + Math.round(r.pauseMs * (0.8 + 0.4 * this.random()));
      r.pauseMs = Math.min(OFFLINE_PAUSE_MAX_MS, r.pauseMs * 2);
    }
    if (online !== r.online) {
      r.online = online;
      this.deps.onConnection(online, account);
    }
  }
}
