import type { Outcome, OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { Ledger } from '../ledger/ledger';
import type { TxnRecord, TxnUpdate } from '../txn/txn-record';
import type { ResellerClient } from '../reseller/reseller-client';
import type { NotOurs } from '../reseller/outcomes';
import type { BalanceService } from '../balance/balance-service';
import { UserFacingError } from '../errors/user-facing-error';
import { istDate } from '../../../shared/ist-date';
import { updateFromReply } from '../txn/reply-update';
import { withFollowUp } from '../txn/follow-up';
import { checkProviderAmount, validateRecharge, type RechargeInput } from './validate';
import type { ProviderAmounts } from '../../../shared/profiles/provider-amounts';
import { isPlausibleBalance } from '../../../shared/money';
import { isMobileNumber, isMobileOnNewDth } from '../../../shared/operators';
import { notSentUpdate, openRechargeError, outcomeTxn } from './open-gate';
import type { PaymentRequest, Sale } from '../../../shared/payment/payment';
import { saleParts } from '../../../shared/payment/payment-parts';
import { newSaleRef } from '../../../shared/payment/upi-link';
import type { NewSale } from '../ledger/sale-sql';
import type { NewTxn } from '../ledger/ledger';
import type { AttemptPlan } from '../../../shared/routing/next-attempt';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { FIRST_FOLLOW_UP_MS } from '../txn/follow-up';
import { customerGotNothing, isChangedAnswer } from '../../../shared/money-law/status-money';

/** Why the failover law or the route sends no further attempt of a sale (failover.ts, next-attempt.ts). */
type NoAttemptWhy = Extract<AttemptPlan, { send: false }>['why'];
/** Why a routed sale stops for good: its money follows if its last attempt failed. */
const SALE_OVER: ReadonlySet<NoAttemptWhy> = new Set<NoAttemptWhy>(['limit', 'no_account', 'not_definite', 'refunded']);
/** Status checks that may be asked to confirm a first reply of Failure before it waits for its follow-ups. */
const CONFIRM_CHECKS = 3;

export type SubmitOutcome = 'success' | 'pending' | 'failure' | 'unknown' | 'rejected' | 'not_sent' | 'refunded';

export interface RechargeSettings {
  duplicateWindowMs: number;
  firstCheckMs: number;
  minAmount?: number;
  maxAmount?: number;
  /** The shop has a UPI ID to show in a QR: without one, UPI is not offered. */
  upiSet?: boolean;
}

export interface RechargeDeps {
  ledger: Ledger;
  client: ResellerClient;
  balances: BalanceService;
  /** A new reference in the form the account's provider takes (each profile says its own length and characters). */
  newRefId: (account: string) => string;
  now: () => number;
  settings: () => RechargeSettings;
  /** True while an open transaction for this number has not been checked since start-up. */
  isReconciling: (number: string) => boolean;
  /** The poller re-plans after a transaction is left open, with a check due at `at`. */
  scheduleChecks: (at: number) => void;
  onChange: (after: TxnRecord) => void;
  /** Set when recharges are on hold (the live token cannot be read): refused with these words. */
  hold?: Outcome | null;
  /** Told when a reply could not be stored (the shop's log). */
  log?: (message: string, detail?: unknown) => void;
  /**
   * The shared shop ledger's check across counters (core/shop-ledger), asked before sending:
   * words to refuse with when another counter has this number, null to go on. Absent: one counter.
   */
  shopGuard?: (c: { number: string; amount: number; refId: string; since: number; force: boolean }) => Promise<ShopRefusal | null>;
  /** Several provider accounts (issue 29): where each attempt goes and whether a sale goes on. Absent: one account. */
  routing?: RechargeRouting;
  /** The reply named another reference, number, amount or operator (money-law/reply-match): stored as unknown, then told here. */
  onNotOurs?: (after: TxnRecord, reply: NotOurs) => void;
  /**
   * The number's due across the shop's counters and its credit limit, paise (KhataService.standing):
   * a credit part that takes the due above the limit is sent only on the shopkeeper's second word.
   * Absent: no limit is held here.
   */
  creditStanding?: (number: string) => { due: number; limit: number };
  /** The amounts the first account's provider takes per operator (its profile's limits, issue 36); absent: any. */
  providerAmounts?: () => ProviderAmounts;
}

/** What the recharge service asks of the routing (core/routing/sale-router.ts). */
export interface RechargeRouting {
  readonly enabled: boolean;
  /** The first attempt's account and its stored decision; throws route_no_account. */
  first(operator: string, amountRupees: number, pick?: string): { account: string; routeJson: string | null };
  /** After an attempt's answer: send the next attempt where, or why not (null: routing off). */
  next(attempts: readonly TxnRecord[]): AttemptPlan | null;
  routeJson(plan: Extract<AttemptPlan, { send: true }>): string;
  clientFor(account: string): ResellerClient;
  /** A reply's wallet for an account other than the first (whose wallet is the balance service's). */
  noteReplyBalance(account: string, buyer: number | null): void;
}

/** A recharge as the shopkeeper asked for it, with the account picked on the confirmation (issue 29). */
export type SubmitInput = RechargeInput & {
  confirmDuplicate: boolean;
  confirmOpen?: boolean;
  confirmMobileOnDth?: boolean;
  confirmOverLimit?: boolean;
  payment?: PaymentRequest;
  accountId?: string;
};

/** Another counter of the shop has this number: the recharge it matched, and which counter. */
export type ShopRefusal = OutcomeOf<'shop_duplicate'>;

/** Waits between tries to store a reply that could not be written: 1 s, doubling, at most 30 s. */
const STORE_RETRY_MS = { first: 1000, max: 30_000 };

function outcomeOf(status: TxnRecord['status']): SubmitOutcome {
  switch (status) {
    case 'Success':
      return 'success';
    case 'Failure':
      return 'failure';
    case 'Refunded':
      return 'refunded';
    case 'Pending':
    case 'Accepted':
      return 'pending';
    default:
      return 'unknown';
  }
}

/**
 * The recharge flow: validate, write the transaction as Submitting (on disk before anything
 * leaves), send it once, and store what came back. An unknown outcome is left to the status check;
 * nothing here ever sends a recharge a second time.
 */
export class RechargeService {
  private readonly sending = new Set<string>();
  /** Sales whose next attempt is being decided or sent (after a status check's answer). */
  private readonly advancing = new Set<string>();
  /** Numbers whose reply is waiting to be written to the ledger (a local write failed). */
  private readonly storing = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly deps: RechargeDeps) {}

  /** True while a recharge is between its ledger write and its reply: never restart then. */
  get busy(): boolean {
    return this.sending.size > 0 || this.storing.size > 0 || this.advancing.size > 0;
  }

  /** What the ledger knows of the operator of a mobile number sent to DTH; nothing is read otherwise (the hot path). */
  private knownFor(v: { number: string; operator: { category: string } }) {
    if (v.operator.category !== 'dth' || !isMobileNumber(v.number)) return { lastSuccessOn: null, bookOperator: null };
    const last = this.deps.ledger.lastForNumber(v.number);
    return {
      lastSuccessOn: last?.status === 'Success' ? last.operator : null,
      bookOperator: this.deps.ledger.customers.get(v.number)?.operator,
    };
  }

  /** Stops the background tries to store replies (the session is closing; reconciliation takes over). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.storing.values()) clearTimeout(timer);
    this.storing.clear();
  }

  /** Sends a recharge and records how the customer paid for it; answers with the sale as kept. */
  async submit(input: SubmitInput): Promise<{ txn: TxnRecord; outcome: SubmitOutcome; sale: Sale | null }> {
    const result = await this.send(input);
    let sale: Sale | null = null;
    try {
      // The customer paid once, with the sale's first attempt: a failover's row has no payment of its own.
      sale = this.deps.ledger.sales.forRef(result.txn.saleId ?? result.txn.refId);
    } catch (e) {
      // The recharge has gone: a sale that cannot be read back is left to History, never an error here.
      this.deps.log?.(`recharge ${result.txn.refId}: its sale could not be read back`, e);
    }
    return { ...result, sale };
  }

  /** How the customer pays, in paise, checked before anything is sent: a wrong split or UPI without an ID changes nothing. */
  private saleFor(payment: PaymentRequest, amount: number, settings: RechargeSettings): NewSale {
    const parts = saleParts(payment, amount);
    if (parts === 'split_parts') throw new UserFacingError('payment_split_parts', { amount });
    if (parts.upi > 0 && !settings.upiSet) throw new UserFacingError('upi_not_set', {});
    // The QR the customer scanned carries the renderer's reference; a caller without one gets its own.
    const saleRef = parts.upi > 0 ? (payment.saleRef ?? newSaleRef(crypto.getRandomValues(new Uint8Array(11)))) : null;
    return { saleRef, method: payment.method, ...parts };
  }

  /**
   * The credit limit, held here and not only on the confirmation: the due is the shop's (every
   * counter's entries) and the limit the shop's newest, so a due made at counter 1 holds at counter 2.
   * Over it, the sale goes only when the shopkeeper chose "send on credit anyway" (docs/khata.md).
   */
  private holdToLimit(number: string, credit: number): void {
    const standing = this.deps.creditStanding?.(number);
    if (standing && standing.due + credit > standing.limit) {
      throw new UserFacingError('credit_over_limit', { due: standing.due, credit, limit: standing.limit });
    }
  }

  private async send(input: SubmitInput): Promise<{ txn: TxnRecord; outcome: SubmitOutcome }> {
    const { ledger, now } = this.deps;
    if (this.deps.hold) throw UserFacingError.of(this.deps.hold);
    const settings = this.deps.settings();
    const v = validateRecharge(input, { min: settings.minAmount, max: settings.maxAmount });
    // Routing on, an account whose provider refuses the amount is skipped by the route (route-decision.ts).
    if (!this.deps.routing?.enabled) checkProviderAmount(this.deps.providerAmounts?.(), v.operator.code, v.amountRupees);
    const amount = v.amountRupees * 100;
    const sale = this.saleFor(input.payment ?? { method: 'cash' }, amount, settings);
    if (sale.credit > 0 && !input.confirmOverLimit) this.holdToLimit(v.number, sale.credit);
    // Some DTH operators take the customer's registered mobile, so it is not refused outright; but a
    // mobile number on a DTH operator that has not had it is sent only on the shopkeeper's second word.
    if (!input.confirmMobileOnDth && isMobileOnNewDth(v.operator, v.number, this.knownFor(v))) {
      throw new UserFacingError('mobile_on_dth', { operator: v.operator.code });
    }

    if (this.sending.has(v.number)) {
      throw new UserFacingError('in_flight', {});
    }
    if (this.storing.has(v.number)) {
      throw new UserFacingError('reply_not_stored', {});
    }
    if (this.deps.isReconciling(v.number)) {
      throw new UserFacingError('reconciling', {});
    }
    // The reconciliation gate: a failed status check leaves the row open, so it never lifts this.
    const open = ledger.openForNumber(v.number)[0];
    if (open && !input.confirmOpen) throw openRechargeError(open);
    // Decided before the row is written, and stored with it (issue 29); routing off: the one account.
    const route = this.deps.routing?.first(v.operator.code, v.amountRupees, input.accountId) ?? {
      account: FIRST_ACCOUNT_ID,
      routeJson: null,
    };
    const balance = route.account === FIRST_ACCOUNT_ID ? this.deps.balances.last() : null;
    // A negative or absurd reported balance is shown with a warning, never used to refuse.
    if (balance && isPlausibleBalance(balance.buyer) && balance.buyer < amount) {
      throw new UserFacingError('insufficient_balance', { wallet: balance.buyer, amount });
    }
    if (!input.confirmDuplicate) {
      // Confirming an open one says "send while it is unresolved", not "send the same one again":
      // the same number and amount within the window still needs its own confirmation.
      const recent = ledger.sameNumberAndAmountSince(v.number, amount, now() - settings.duplicateWindowMs);
      if (recent.length > 0) {
        const last = recent[0]!;
        throw new UserFacingError('duplicate_recent', { txn: outcomeTxn(last) });
      }
    }

    // From here on the number is taken on this counter: a second submit for it is refused, so the
    // shop ledger's check below may await without anything slipping between check and write.
    this.sending.add(v.number);
    try {
      const refId = this.deps.newRefId(route.account);
      const refusal = await this.deps.shopGuard?.({
        number: v.number,
        amount,
        refId,
        since: now() - settings.duplicateWindowMs,
        force: input.confirmDuplicate,
      });
      if (refusal) throw UserFacingError.of(refusal);
      const first = await this.attempt(
        { refId, number: v.number, operator: v.operator.code, amount, sale, accountId: route.account, routeJson: route.routeJson },
        v.amountRupees,
      );
      return this.deps.routing?.enabled ? await this.goOn(first) : first;
    } finally {
      this.sending.delete(v.number);
    }
  }

  /**
   * Writes one attempt's row (on disk before anything leaves), sends it once to its account, and
   * stores the answer. A first attempt and a failover attempt alike; each has its own ref_id.
   */
  private async attempt(
    row: Omit<NewTxn, 'rechargeDate' | 'now' | 'profile'> & { accountId: string },
    amountRupees: number,
  ): Promise<{ txn: TxnRecord; outcome: SubmitOutcome }> {
    const client = this.deps.routing?.clientFor(row.accountId) ?? this.deps.client;
    const at = this.deps.now();
    const txn = this.deps.ledger.insertSubmitting({ ...row, rechargeDate: istDate(at), now: at, profile: client.profileTag });
    const sent = client.recharge({ number: row.number, amountRupees, operator: row.operator, refId: txn.refId });
    const told = this.tellSubmitting(txn);
    const outcome = await sent;
    told();
    // The request has left: from here a local failure is an unknown outcome, never an error.
    const planned = this.plan(outcome);
    try {
      return this.store(txn, planned);
    } catch (e) {
      this.deps.log?.(`recharge ${txn.refId}: the reply could not be saved; trying again`, e);
      this.storeLater(txn, planned, STORE_RETRY_MS.first);
      return { txn: { ...txn, status: 'Unknown' }, outcome: 'unknown' };
    }
  }

  /**
   * After an attempt's answer: while the failover law allows another attempt (every attempt so
   * far a definite failure, attempts left) and the route names an account not yet tried, the
   * sale's next attempt goes there with a new ref_id. Anything else leaves the sale where it is;
   * a first reply of Failure is asked about once more (only the status check's Failure counts).
   */
  private async goOn(last: { txn: TxnRecord; outcome: SubmitOutcome }): Promise<{ txn: TxnRecord; outcome: SubmitOutcome }> {
    const routing = this.deps.routing;
    let current = last;
    while (routing && !this.stopped) {
      const attempts = this.deps.ledger.attemptsOf(current.txn.saleId ?? current.txn.refId);
      const plan = routing.next(attempts);
      if (!plan) return current;
      if (!plan.send) {
        // A status check costs little; a sale with no attempts left simply stays where it is after it.
        if (plan.why === 'unconfirmed_failure') {
          this.confirmFailure(current.txn);
          // Confirmed or not, a sale with nowhere left to go ends with this Failure: its money follows now, as routing off.
          if (this.overEvenIfConfirmed(attempts)) this.moneyFollows(attempts);
        } else if (SALE_OVER.has(plan.why)) this.moneyFollows(attempts);
        return current;
      }
      const first = attempts[0]!;
      // A sale whose money has gone back to the customer is over: a later answer never sends it again.
      if (this.deps.ledger.moneyFollow.followed(first.saleId ?? first.refId)) return current;
      const previous = attempts.at(-1)!;
      try {
        current = await this.attempt(
          {
            refId: this.deps.newRefId(plan.account),
            number: first.number,
            operator: first.operator,
            amount: first.amount,
            accountId: plan.account,
            saleId: first.saleId ?? first.refId,
            attemptNo: plan.attempt,
            routeJson: routing.routeJson(plan),
          },
          first.amount / 100,
        );
      } catch (e) {
        // Its row could not be written, so nothing left: the sale's earlier attempts stand, told to the log, not thrown at the counter.
        this.deps.log?.(`sale ${first.refId}: its attempt ${plan.attempt} could not be written`, e);
        return current;
      }
      // The attempt counted failed is asked about again soon: a provider reversing its own failure is a possible double.
      if (isChangedAnswer(previous.status, 'Success')) this.followUp(previous);
    }
    return current;
  }

  /**
   * A routed sale that can go no further with its last attempt failed: the customer's money
   * follows now (off the due, onto the give-back list), as a trigger makes it follow for a
   * sale of one unrouted attempt. The recharge's answer stands whatever happens here.
   */
  private moneyFollows(attempts: readonly TxnRecord[]): void {
    const last = attempts.at(-1);
    // Every attempt, not only the last: one that went (a possible double) recharged the customer.
    if (!last || !attempts.every((a) => customerGotNothing(a.status))) return;
    const sale = attempts[0]!.saleId ?? attempts[0]!.refId;
    try {
      // Once: the follow-ups of an ended sale's attempts ask again, and find it done.
      if (!this.deps.ledger.moneyFollow.followed(sale)) this.deps.ledger.moneyFollow.followFailedSale(sale, last.updatedAt);
    } catch (e) {
      this.deps.log?.(`sale ${attempts[0]!.refId}: the customer's money could not be moved back`, e);
    }
  }

  /** The failover law and the route would send nothing more even once every Failure so far is confirmed. */
  private overEvenIfConfirmed(attempts: readonly TxnRecord[]): boolean {
    const plan = this.deps.routing?.next(attempts.map((a) => (a.status === 'Failure' ? { ...a, failureConfirmed: true as const } : a)));
    return plan != null && !plan.send && SALE_OVER.has(plan.why);
  }

  /**
   * At start: routed sales whose last attempt failed before a stop, with nothing decided since
   * (the process ended between the answer and the next step), are asked about again, as the
   * status check's answer would have asked: the next attempt, or the money follows.
   */
  async resumeInterruptedSales(fromDate: string): Promise<void> {
    if (this.deps.hold) return;
    for (const sale of this.deps.ledger.moneyFollow.unfollowedRoutedSales(fromDate)) {
      const last = this.deps.ledger.attemptsOf(sale).at(-1);
      if (last) await this.continueSale(last);
    }
  }

  /**
   * A first reply of Failure on a sale that may go on: the status check is asked to confirm it, a
   * few times at most. A check that does not confirm it (a lookup that fails, a word the table
   * refuses) leaves the row on the follow-up schedule the poller gave it: never a loop of checks.
   */
  private confirmFailure(txn: TxnRecord): void {
    if (txn.attempts >= CONFIRM_CHECKS) return;
    const at = this.deps.now() + this.deps.settings().firstCheckMs;
    this.deps.ledger.schedule(txn.refId, at, txn.attempts, txn.lastError);
    this.deps.scheduleChecks(at);
  }

  private followUp(txn: TxnRecord): void {
    const at = this.deps.now() + FIRST_FOLLOW_UP_MS;
    this.deps.ledger.schedule(txn.refId, at, txn.attempts, txn.lastError);
    this.deps.scheduleChecks(at);
  }

  /**
   * The status check settled an attempt (the poller's after-answer hook): a sale whose attempts
   * are now all definite failures goes on to its next account. One sale at a time.
   */
  async continueSale(after: TxnRecord): Promise<void> {
    if (this.deps.hold || this.stopped) return;
    const saleId = after.saleId ?? after.refId;
    if (this.advancing.has(saleId)) return;
    const attempts = this.deps.ledger.attemptsOf(saleId);
    // Only the newest attempt's answer can open the way: an older one was settled before it was sent.
    if (attempts.at(-1)?.refId !== after.refId) return;
    // Routing off (or switched off since the sale was routed): no attempt follows this one, so an
    // ended attempt ends the sale and its money follows now (the triggers leave a routed row to us).
    if (!this.deps.routing?.enabled) return this.moneyFollows(attempts);
    this.advancing.add(saleId);
    try {
      await this.goOn({ txn: after, outcome: outcomeOf(after.status) });
    } finally {
      this.advancing.delete(saleId);
    }
  }

  /**
   * The window and the shop's log hear of the Submitting row (~50 µs: the event's check, a log line,
   * the copy to the window) once the request is on its way: undici writes a request on a reused
   * connection in the next check phase, and this is queued behind it, so it overlaps the provider's
   * work instead of standing between the fsync and the send. The returned function tells at once if
   * that has not happened yet, and is called before the reply is stored: Submitting is heard first.
   */
  private tellSubmitting(txn: TxnRecord): () => void {
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      try {
        this.deps.onChange(txn);
      } catch (e) {
        // The row is on disk and the request has gone: the reply must still be stored.
        this.deps.log?.(`recharge ${txn.refId}: its Submitting row could not be told`, e);
      }
    };
    const later = setImmediate(tell);
    return () => {
      clearImmediate(later);
      tell();
    };
  }

  /** Tries again to write a reply that could not be stored, until it is, or the row moved on. */
  private storeLater(txn: TxnRecord, planned: PlannedReply, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      try {
        const current = this.deps.ledger.get(txn.refId);
        // Something else (a status check after a restart) already moved it on: nothing to add.
        if (current?.status === 'Submitting') this.store(txn, planned);
        this.storing.delete(txn.number);
      } catch (e) {
        this.deps.log?.(`recharge ${txn.refId}: the reply still could not be saved`, e);
        this.storeLater(txn, planned, Math.min(delayMs * 2, STORE_RETRY_MS.max));
      }
    }, delayMs);
    timer.unref();
    this.storing.set(txn.number, timer);
  }

  private store(txn: TxnRecord, planned: PlannedReply): { txn: TxnRecord; outcome: SubmitOutcome } {
    const at = this.deps.now();
    const update = withFollowUp(planned.update(at + this.deps.settings().firstCheckMs), at);
    const notOurs = planned.notOurs;
    const note = notOurs ? `not ours: ${notOurs.detail}`.slice(0, 500) : null;
    const { after } = this.deps.ledger.update(txn.refId, update, 'reply', at, planned.reply, note);
    this.deps.onChange(after);
    // After the change is told: the wallet story must know this recharge's answer when it reads the
    // balance the answer left (read before, the recharge still open, its charge was counted twice).
    // The reply's balance is a nicety: failing to keep it must not stop the reply being stored.
    if (planned.balance !== null) {
      try {
        const account = txn.accountId ?? FIRST_ACCOUNT_ID;
        // Another account's wallet is not the one the balance service keeps (and the header shows).
        if (account === FIRST_ACCOUNT_ID) this.deps.balances.noteReplyBalance(planned.balance);
        else this.deps.routing?.noteReplyBalance(account, planned.balance);
        planned.balance = null;
      } catch (e) {
        this.deps.log?.('the balance from a reply could not be saved', e);
      }
    }
    if (notOurs) this.deps.onNotOurs?.(after, notOurs);
    if (after.nextCheckAt !== null) this.deps.scheduleChecks(after.nextCheckAt);
    return { txn: after, outcome: planned.result };
  }

  /** The ledger update a provider answer calls for; written by `store`, now or later. */
  private plan(outcome: Awaited<ReturnType<ResellerClient['recharge']>>): PlannedReply {
    switch (outcome.kind) {
      case 'not_sent':
        return {
          // Nothing left the machine, but only the provider can say it never got it: stays open
          // until the status check has not found it enough times (see poller/after-answer.ts).
          update: (firstCheck) => ({ ...notSentUpdate(firstCheck), lastError: outcome.detail }),
          result: 'not_sent',
          reply: null,
          balance: null,
        };
      case 'rejected':
        return {
          update: () => ({
            status: 'Error',
            providerStatus: 'Error',
            // The provider's own words; the screen says what its code means, in its language.
            message: outcome.message,
            nextCheckAt: null,
            lastError: outcome.code ? `code ${outcome.code}` : null,
            // Refused and about this request (reseller-client, money-law/refusal-scope): a definite failure the failover law may act on.
            notProcessed: outcome.definite,
          }),
          result: 'rejected',
          reply: outcome.raw,
          balance: null,
        };
      case 'unknown':
        return {
          update: (firstCheck) => ({
            status: 'Unknown',
            nextCheckAt: firstCheck,
            lastError: `${outcome.reason}: ${outcome.detail}`.slice(0, 500),
          }),
          result: 'unknown',
          // A reply about another request is kept with the event: what the provider said, for support.
          reply: outcome.reason === 'not_ours' ? outcome.raw : null,
          balance: null,
          notOurs: outcome.reason === 'not_ours' ? outcome : undefined,
        };
      case 'answer': {
        const update = (firstCheck: number) => updateFromReply('Submitting', outcome.reply, firstCheck);
        return { update, result: outcomeOf(update(0).status), reply: outcome.raw, balance: outcome.reply.balance };
      }
    }
  }
}

interface PlannedReply {
  /** The update, given when the first status check is due. */
  update: (firstCheck: number) => TxnUpdate;
  result: SubmitOutcome;
  reply: string | null;
  balance: number | null;
  notOurs?: NotOurs;
}
