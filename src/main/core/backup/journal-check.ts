import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { JournalEntry } from '../ledger/ledger';
import type { TxnRecord } from '../txn/txn-record';
import { moneyFault, statusMayFollow } from '../txn/money-rules';
import { REF_ID_SHAPE } from '../../../shared/ref-id-shape';
import { canMove } from '../txn/transitions';

export type RefusalReason = OutcomeOf<'journal_refused'>['params']['reason'];
export interface RefusedLine {
  refId: string;
  reason: RefusalReason;
}

/**
 * The journal lines that may be replayed onto a restored ledger, and the ones refused. A journal
 * lives on a drive anyone can write, so each line passes the same rules as a provider's answer:
 * a ref_id of our shape, money in range (money-rules.ts), a status the transition table lets
 * follow the one recorded (in the ledger, or by an earlier line), the event saying the same move,
 * and never another number, amount or operator for a recharge already recorded. A line older than
 * the ledger's own state is already in it: skipped, as the replay would skip it.
 */
export function checkJournal(
  entries: readonly JournalEntry[],
  recorded: (refId: string) => TxnRecord | null,
): { accepted: JournalEntry[]; refused: RefusedLine[] } {
  const state = new Map<string, TxnRecord | null>();
  const accepted: JournalEntry[] = [];
  const refused: RefusedLine[] = [];
  for (const entry of entries) {
    const { txn, event } = entry;
    if (!state.has(txn.refId)) state.set(txn.refId, recorded(txn.refId));
    const current = state.get(txn.refId) ?? null;
    if (current && (txn.updatedAt < current.updatedAt || (txn.updatedAt === current.updatedAt && txn.status === current.status))) {
      continue;
    }
    const reason = faultOf(entry, current);
    if (reason) {
      refused.push({ refId: txn.refId.slice(0, 64), reason });
      continue;
    }
    state.set(txn.refId, txn);
    accepted.push(event ? entry : { txn, event: null });
  }
  return { accepted, refused };
}

function faultOf({ txn, event }: JournalEntry, current: TxnRecord | null): RefusalReason | null {
  if (!REF_ID_SHAPE.test(txn.refId) || (event && event.refId !== txn.refId)) return 'ref_shape';
  const money = moneyFault(txn);
  if (money) return money;
  if (current && (current.number !== txn.number || current.amount !== txn.amount || current.operator !== txn.operator)) {
    return 'changed_sale';
  }
  if (!statusMayFollow(current?.status ?? null, txn.status)) return 'status_move';
  if (event && (event.toStatus !== txn.status || (event.fromStatus !== null && !canMove(event.fromStatus, event.toStatus)))) {
    return 'status_move';
  }
  return null;
}
