import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { TxnRecord } from '../txn/txn-record';
import type { NotOurs } from './outcomes';
import { moneyHeld } from '../../../shared/money-law/status-money';

type Said = OutcomeOf<'success_not_ours'>['params']['said'];

/**
 * The notice a Success about another request calls for (issue 35 item 3): what the sale sent, and
 * what the provider's reply named otherwise, in its own words cut to fit. Only a Success is told:
 * any other word about another request moves no money this sale must answer for. And only while
 * the sale is open: a settled one (a follow-up check of a Success) keeps its answer, and the event
 * log keeps the odd reply.
 */
export function notOursNotice(txn: TxnRecord, reply: NotOurs, at: number): OutcomeOf<'success_not_ours'> | null {
  if (reply.said !== 'Success' || !moneyHeld(txn.status)) return null;
  const said: { -readonly [K in keyof Said]: Said[K] } = {};
  for (const m of reply.mismatches) {
    if (m.field === 'ref') said.refId = m.said.slice(0, 64);
    else if (m.field === 'number') said.number = m.said.slice(0, 40);
    else if (m.field === 'operator') said.operator = m.said.slice(0, 40);
    else said.amount = Number(m.said);
  }
  return {
    code: 'success_not_ours',
    params: { refId: txn.refId, number: txn.number, amount: txn.amount, operator: txn.operator, said, at },
  };
}
