import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import { isTxnLine, type JournalEntry, type JournalLine } from '../ledger/ledger';
import type { MoneyLine, SaleLine } from '../ledger/money-lines';
import type { FlagLine } from '../ledger/flag-lines';
import type { AnswerFixLine, AnswerLine } from '../ledger/answer-lines';
import { isChangedAnswer } from '../../../shared/money-law/status-money';
import type { PaymentMethod } from '../../../shared/payment/payment-parts';
import type { TxnRecord } from '../txn/txn-record';
import { moneyFault, statusMayFollow } from '../txn/money-rules';
import { REF_ID_SHAPE } from '../../../shared/ref-id-shape';
import { canMove, STATUS_CHECK_SOURCES } from '../../../shared/money-law/transitions';
import { followsSale, isSalePart } from '../../../shared/money-law/sale-part';
import { routeDecisionSchema } from '../../../shared/routing/route-decision';

export type RefusalReason = OutcomeOf<'journal_refused'>['params']['reason'];
export interface RefusedLine {
  refId: string;
  reason: RefusalReason;
}

/** A sale as a check needs it: its parts (the number is its recharge's). */
export interface SaleParts {
  method: PaymentMethod;
  cash: number;
  upi: number;
  credit: number;
}
type KnownSale = SaleParts & { number: string };

/**
 * The journal lines that may be replayed onto a restored ledger, and the ones refused. A journal
 * lives on a drive anyone can write, so each line passes the same rules as a provider's answer:
 * a ref_id of our shape, money in range (money-rules.ts), a status the transition table lets
 * follow the one recorded (in the ledger, or by an earlier line), the event saying the same move,
 * and never another number, amount or operator for a recharge already recorded. A line older than
 * the ledger's own state is already in it: skipped, as the replay would skip it. A sale's parts
 * must make its recharge's amount as its method says, and never differ from the sale recorded; a
 * money entry that follows a sale (UPI received, credit reversed, given back or kept) must carry
 * that sale's number and part. A sale's flag must name two attempts of that sale, each recorded
 * or journaled before it, and be checked no earlier than it was found.
 */
export function checkJournal(
  entries: readonly JournalLine[],
  recorded: (refId: string) => TxnRecord | null,
  recordedSale: (refId: string) => SaleParts | null = () => null,
): { accepted: JournalLine[]; refused: RefusedLine[] } {
  const state = new Map<string, TxnRecord | null>();
  const sales = new Map<string, KnownSale | null>();
  const txnOf = (refId: string) => {
    if (!state.has(refId)) state.set(refId, recorded(refId));
    return state.get(refId) ?? null;
  };
  const saleOf = (refId: string): KnownSale | null => {
    if (!sales.has(refId)) {
      const parts = recordedSale(refId);
      const txn = parts ? txnOf(refId) : null;
      sales.set(refId, parts && txn ? { ...parts, number: txn.number } : null);
    }
    return sales.get(refId) ?? null;
  };
  const accepted: JournalLine[] = [];
  const refused: RefusedLine[] = [];
  for (const entry of entries) {
    if (!isTxnLine(entry) && entry.kind === 'flag') {
      const reason = flagFault(entry, txnOf);
      if (reason) refused.push({ refId: entry.flag.saleId.slice(0, 64), reason });
      else accepted.push(entry);
      continue;
    }
    if (!isTxnLine(entry) && (entry.kind === 'answer' || entry.kind === 'answer_fix')) {
      const reason = entry.kind === 'answer' ? answerFault(entry, txnOf) : answerFixFault(entry, txnOf);
      if (reason) refused.push({ refId: (entry.kind === 'answer' ? entry.change.refId : entry.fix.saleId).slice(0, 64), reason });
      else accepted.push(entry);
      continue;
    }
    // Who did it: the replay adds it only beside a row the books hold (done-lines.ts DoneReplay).
    if (!isTxnLine(entry) && entry.kind === 'done') {
      accepted.push(entry);
      continue;
    }
    if (!isTxnLine(entry)) {
      const ref = entry.kind === 'sale' ? entry.sale.refId : entry.entry.refId;
      const reason = entry.kind === 'sale' ? saleFault(entry, txnOf, saleOf) : moneyEntryFault(entry, saleOf);
      if (reason === 'already') continue;
      if (reason) refused.push({ refId: (ref ?? '').slice(0, 64), reason });
      else {
        if (entry.kind === 'sale') sales.set(entry.sale.refId, { ...entry.sale });
        accepted.push(entry);
      }
      continue;
    }
    const { txn, event } = entry;
    const current = txnOf(txn.refId);
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

/** Which parts each method has: the counter's own rule (saleParts in payment-parts.ts). */
function partsFit({ method, cash, upi, credit }: SaleParts): boolean {
  switch (method) {
    case 'cash':
      return upi === 0 && credit === 0;
    case 'upi':
      return cash === 0 && credit === 0;
    case 'credit':
      return cash === 0 && upi === 0;
    case 'split':
      return cash > 0 && upi > 0 && credit === 0;
  }
}

const sameParts = (a: SaleParts, b: SaleParts) => a.method === b.method && a.cash === b.cash && a.upi === b.upi && a.credit === b.credit;

function saleFault(
  { sale }: SaleLine,
  txnOf: (refId: string) => TxnRecord | null,
  saleOf: (refId: string) => KnownSale | null,
): RefusalReason | 'already' | null {
  if (!REF_ID_SHAPE.test(sale.refId)) return 'ref_shape';
  const txn = txnOf(sale.refId);
  // A sale whose recharge is neither recorded nor journaled has nothing to be the payment of.
  if (!txn) return 'no_such_sale';
  if (txn.number !== sale.number) return 'changed_sale';
  if (sale.cash + sale.upi + sale.credit !== txn.amount || !partsFit(sale)) return 'amount';
  const known = saleOf(sale.refId);
  if (known) return sameParts(known, sale) ? 'already' : 'changed_sale';
  return null;
}

function moneyEntryFault({ entry }: MoneyLine, saleOf: (refId: string) => KnownSale | null): RefusalReason | null {
  if (entry.refId !== null && !REF_ID_SHAPE.test(entry.refId)) return 'ref_shape';
  if (followsSale(entry.kind)) {
    const sale = entry.refId === null ? null : saleOf(entry.refId);
    if (!sale) return 'no_such_sale';
    if (entry.number !== sale.number) return 'changed_sale';
    return isSalePart(entry.kind, sale, entry.amount) ? null : 'amount';
  }
  if (entry.number === null) return 'bad_values';
  if (entry.kind === 'credit_payment') {
    if (entry.refId !== null || entry.method === null) return 'bad_values';
    return entry.amount > 0 ? null : 'amount';
  }
  return entry.amount !== 0 ? null : 'amount';
}

/**
 * A changed answer must be one (the customer got nothing, then the status check said Success), about
 * an attempt recorded or journaled before it, of the sale it names, said after the word it replaces.
 */
function answerFault({ change }: AnswerLine, txnOf: (refId: string) => TxnRecord | null): RefusalReason | null {
  if (!REF_ID_SHAPE.test(change.refId) || !REF_ID_SHAPE.test(change.saleId)) return 'ref_shape';
  const txn = txnOf(change.refId);
  if (!txn || (txn.saleId ?? txn.refId) !== change.saleId) return 'bad_values';
  return isChangedAnswer(change.fromStatus, change.toStatus) && change.toAt >= change.fromAt ? null : 'bad_values';
}

/** A fix names a sale recorded or journaled before it (its first attempt's ref_id); the replay wants its change too. */
function answerFixFault({ fix }: AnswerFixLine, txnOf: (refId: string) => TxnRecord | null): RefusalReason | null {
  if (!REF_ID_SHAPE.test(fix.saleId)) return 'ref_shape';
  return txnOf(fix.saleId) ? null : 'bad_values';
}

function flagFault({ flag }: FlagLine, txnOf: (refId: string) => TxnRecord | null): RefusalReason | null {
  const refs = [flag.saleId, flag.firstRef, flag.secondRef];
  if (!refs.every((r) => REF_ID_SHAPE.test(r)) || flag.firstRef === flag.secondRef) return 'ref_shape';
  // Both attempts must be the sale's: a flag on another sale would stop it, or mark the wrong one.
  for (const ref of [flag.firstRef, flag.secondRef]) {
    const txn = txnOf(ref);
    if (!txn || (txn.saleId ?? txn.refId) !== flag.saleId) return 'bad_values';
  }
  return flag.seenAt === null || flag.seenAt >= flag.at ? null : 'bad_values';
}

/** A route decision as the counter stores it: a forged one would keep a failed sale's money from following it. */
function routeFits(json: string): boolean {
  try {
    return routeDecisionSchema.safeParse(JSON.parse(json)).success;
  } catch {
    return false;
  }
}

function faultOf({ txn, event, routeJson }: JournalEntry, current: TxnRecord | null): RefusalReason | null {
  if (!REF_ID_SHAPE.test(txn.refId) || (event && event.refId !== txn.refId)) return 'ref_shape';
  if (routeJson !== undefined && !routeFits(routeJson)) return 'bad_values';
  const money = moneyFault(txn);
  if (money) return money;
  if (current && (current.number !== txn.number || current.amount !== txn.amount || current.operator !== txn.operator)) {
    return 'changed_sale';
  }
  // A changed answer (Failure or Error to Success) is a status check's to make: its event says so.
  const by = event && STATUS_CHECK_SOURCES.includes(event.source) ? 'check' : 'other';
  if (!statusMayFollow(current?.status ?? null, txn.status, by)) return 'status_move';
  if (event && (event.toStatus !== txn.status || (event.fromStatus !== null && !canMove(event.fromStatus, event.toStatus, by)))) {
    return 'status_move';
  }
  return null;
}
