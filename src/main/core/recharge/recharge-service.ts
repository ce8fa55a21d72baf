import { formatInr, paise } from '../../../shared/money';
import type { Ledger } from '../ledger/ledger';
import type { TxnRecord, TxnUpdate } from '../txn/txn-record';
import type { ResellerClient } from '../reseller/reseller-client';
import type { BalanceService } from '../balance/balance-service';
import { UserFacingError } from '../errors/user-facing-error';
import { istDate } from '../../../shared/ist-date';
import { updateFromReply } from '../txn/reply-update';
import { validateRecharge, type RechargeInput } from './validate';
import { isPlausibleBalance } from '../../../shared/money';
import { rejectionInPlainWords } from '../reseller/plain-words';
import { notSentUpdate, openRechargeError } from './open-gate';

export type SubmitOutcome = 'success' | 'pending' | 'failure' | 'unknown' | 'rejected' | 'not_sent' | 'refunded';

export interface RechargeSettings {
  duplicateWindowMs: number;
  firstCheckMs: number;
  minAmount?: number;
  maxAmount?: number;
}

export interface RechargeDeps {
  ledger: Ledger;
  client: ResellerClient;
  balances: BalanceService;
  newRefId: () => string;
  now: () => number;
  settings: () => RechargeSettings;
  /** True while an open transaction for this number has not been checked since start-up. */
  isReconciling: (number: string) => boolean;
  /** The poller re-plans after a transaction is left open. */
  scheduleChecks: () => void;
  onChange: (after: TxnRecord) => void;
}

const minutesAgo = (ms: number) => Math.max(1, Math.round(ms / 60_000));

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

  constructor(private readonly deps: RechargeDeps) {}

  /** True while a recharge is between its ledger write and its reply: never restart then. */
  get busy(): boolean {
    return this.sending.size > 0;
  }

  async submit(
    input: RechargeInput & { confirmDuplicate: boolean; confirmOpen?: boolean },
  ): Promise<{ txn: TxnRecord; outcome: SubmitOutcome }> {
    const { ledger, now } = this.deps;
    const settings = this.deps.settings();
    const v = validateRecharge(input, { min: settings.minAmount, max: settings.maxAmount });
    const amount = v.amountRupees * 100;

    if (this.sending.has(v.number)) {
      throw new UserFacingError(
        'in_flight',
        'A recharge for this number is being sent right now. Wait for its result before sending another.',
      );
    }
    if (this.deps.isReconciling(v.number)) {
      throw new UserFacingError(
        'reconciling',
        'An earlier recharge for this number is still being checked with the provider. Try again in a few seconds.',
      );
    }
    // The reconciliation gate: a failed status check leaves the row open, so it never lifts this.
    const open = ledger.openForNumber(v.number)[0];
    if (open && !input.confirmOpen) throw openRechargeError(open);
    const balance = this.deps.balances.last();
    // A negative or absurd reported balance is shown with a warning, never used to refuse.
    if (balance && isPlausibleBalance(balance.buyer) && balance.buyer < amount) {
      throw new UserFacingError(
        'insufficient_balance',
        `The wallet has ${formatInr(paise(balance.buyer))}, less than ${formatInr(paise(amount))}. Top up the wallet, or refresh the balance if you just did.`,
      );
    }
    if (!input.confirmDuplicate) {
      // An open one the shopkeeper has just confirmed (confirmOpen) is not asked about twice.
      const confirmedOpen = new Set(input.confirmOpen ? ledger.openForNumber(v.number).map((t) => t.refId) : []);
      const recent = ledger
        .sameNumberAndAmountSince(v.number, amount, now() - settings.duplicateWindowMs)
        .filter((t) => !confirmedOpen.has(t.refId));
      if (recent.length > 0) {
        const last = recent[0]!;
        throw new UserFacingError(
          'duplicate_recent',
          `${formatInr(paise(amount))} was sent to this number ${minutesAgo(now() - last.createdAt)} min ago (${last.status}). Send again only if the customer wants a second recharge.`,
        );
      }
    }

    // From here to the insert nothing awaits, so no second submit can slip between check and write.
    this.sending.add(v.number);
    try {
      const at = now();
      const txn = ledger.insertSubmitting({
        refId: this.deps.newRefId(),
        number: v.number,
        operator: v.operator.code,
        amount,
        rechargeDate: istDate(at),
        now: at,
      });
      this.deps.onChange(txn);
      const outcome = await this.deps.client.recharge({
        number: v.number,
        amountRupees: v.amountRupees,
        operator: v.operator.code,
        refId: txn.refId,
      });
      return this.record(txn, outcome);
    } finally {
      this.sending.delete(v.number);
    }
  }

  private record(txn: TxnRecord, outcome: Awaited<ReturnType<ResellerClient['recharge']>>): { txn: TxnRecord; outcome: SubmitOutcome } {
    const { ledger, now } = this.deps;
    const at = now();
    const firstCheck = at + this.deps.settings().firstCheckMs;
    let update: TxnUpdate;
    let result: SubmitOutcome;
    let reply: string | null = null;
    switch (outcome.kind) {
      case 'not_sent':
        // Nothing left the machine, but only the provider can say it never got it: stays open
        // until the status check has not found it enough times (see poller/after-answer.ts).
        update = { ...notSentUpdate(firstCheck), lastError: outcome.detail };
        result = 'not_sent';
        break;
      case 'rejected':
        update = {
          status: 'Error',
          providerStatus: 'Error',
          message: rejectionInPlainWords(outcome.code, outcome.message),
          nextCheckAt: null,
          lastError: outcome.code ? `code ${outcome.code}` : null,
        };
        reply = outcome.raw;
        result = 'rejected';
        break;
      case 'unknown':
        update = {
          status: 'Unknown',
          message: 'No clear answer from the provider. Checking the status; do not send it again.',
          nextCheckAt: firstCheck,
          lastError: `${outcome.reason}: ${outcome.detail}`.slice(0, 500),
        };
        result = 'unknown';
        break;
      case 'answer': {
        update = updateFromReply('Submitting', outcome.reply, firstCheck);
        reply = outcome.raw;
        result = outcomeOf(update.status);
        this.deps.balances.noteReplyBalance(outcome.reply.balance);
        break;
      }
    }
    const { after } = ledger.update(txn.refId, update, 'reply', at, reply);
    this.deps.onChange(after);
    if (after.nextCheckAt !== null) this.deps.scheduleChecks();
    return { txn: after, outcome: result };
  }
}
