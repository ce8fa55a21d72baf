import { UserFacingError } from '../errors/user-facing-error';
import type { ComplaintRecord, TxnRecord } from '../txn/txn-record';
import type { Ledger } from '../ledger/ledger';
import type { ResellerClient } from '../reseller/reseller-client';
import { complaintRecheckAt } from './complaint-state';
import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';

/** Complaints against transactions the provider knows (they have a txn_id). */
export interface ComplaintDeps {
  ledger: Ledger;
  /** The client of the account the transaction was sent to (issue 29): a complaint goes to the provider that has it. */
  clientFor: (txn: TxnRecord) => ResellerClient;
  now: () => number;
  /** The poller re-plans once a complaint put its transaction back on the schedule. */
  onRaised?: () => void;
  /**
   * How the provider of the transaction's account takes complaints when its profile has no
   * complaint call (issue 36 item 7); null: it has one. Absent: every provider has one.
   */
  takenOtherwise?: (txn: TxnRecord) => OutcomeOf<'complaints_by'> | null;
}

export class ComplaintService {
  constructor(private readonly deps: ComplaintDeps) {}

  /** Without a complaint call, the provider's own way to complain (shown instead of the button); null: the app raises them. */
  takenOtherwise(refId: string): OutcomeOf<'complaints_by'> | null {
    const txn = this.deps.ledger.get(refId);
    return txn ? (this.deps.takenOtherwise?.(txn) ?? null) : null;
  }

  /** The reason's length is checked by the contract (MAX_COMPLAINT_REASON_CHARS) before this runs. */
  async create(refId: string, reasonInput: string): Promise<ComplaintRecord> {
    const reason = reasonInput.trim().replace(/\s+/g, ' ');
    if (!reason) throw new UserFacingError('reason_required', {});
    const txn = this.deps.ledger.get(refId);
    if (!txn) throw new UserFacingError('txn_not_found', {});
    const otherwise = this.deps.takenOtherwise?.(txn);
    if (otherwise) throw UserFacingError.of(otherwise);
    if (!txn.txnId) {
      throw new UserFacingError('no_provider_id', {});
    }
    const outcome = await this.deps.clientFor(txn).complain(txn.txnId, reason, {
      refId: txn.refId,
      number: txn.number,
      amount: txn.amount,
      operator: txn.operator,
      rechargeDate: txn.rechargeDate,
    });
    if (outcome.kind === 'rejected') {
      throw new UserFacingError('provider_rejected', { what: 'complaint', said: outcome.message.slice(0, 300) });
    }
    if (outcome.kind !== 'answer') {
      throw new UserFacingError('provider_unreachable', { what: 'complaint' });
    }
    const record: ComplaintRecord = {
      complainId: outcome.complainId,
      refId,
      txnId: txn.txnId,
      reason,
      message: outcome.message,
      createdAt: this.deps.now(),
      state: 'raised',
      settledAt: null,
    };
    this.deps.ledger.addComplaint(record);
    // Followed, not filed and forgotten: the transaction goes on the slow complaint schedule.
    const next = complaintRecheckAt(record.createdAt, record.createdAt);
    if (next !== null && this.deps.ledger.raisedComplaints(refId).length > 0) {
      this.deps.ledger.schedule(refId, next, txn.attempts, txn.lastError);
      this.deps.onRaised?.();
    }
    // A repeat complaint answers the first id: show the one the ledger holds.
    return this.deps.ledger.complaintsFor(refId).find((c) => c.complainId === outcome.complainId) ?? record;
  }

  list(): (ComplaintRecord & { txn: TxnRecord | null })[] {
    return this.deps.ledger.complaints().map((c) => ({ ...c, txn: this.deps.ledger.get(c.refId) ?? null }));
  }
}
