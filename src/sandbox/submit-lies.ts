import { Rejection } from './errors';
import { CHANGED_ANSWER_COURSES, isChangedAnswerPlan, otherThan } from './changed-answers';
import { rejectionReply, txnReply, type Reply } from './replies';
import type { SandboxOptions } from './options';
import type { Account, Txn } from './store';

/** A gateway's own body, whatever dialect the provider behind it speaks. */
export const GATEWAY_BODY = '{"errorcode":"504"}';

/**
 * The recharge reply as a changed-answer plan says it (issue 35): a refusal for a recharge the
 * provider filed, or a Success naming another number or amount. The books are the plan's course;
 * only these words differ from them. Every other plan answers with the truth.
 */
export function submitReply(txn: Txn, account: Account, options: SandboxOptions, duplicate?: boolean): Reply {
  const truth = txnReply(txn, account, options, { onSubmit: true, duplicate });
  if (duplicate || !isChangedAnswerPlan(txn.plan)) return truth;
  const refusal = () => rejectionReply(new Rejection('insufficientFund', 'Insufficient Fund'), options);
  switch (CHANGED_ANSWER_COURSES[txn.plan].lie) {
    case 'refusal':
      return refusal();
    case 'refusal-other-ref':
      return { ...refusal(), body: { ...refusal().body, ref_id: otherThan(txn.refId) } };
    case 'refusal-429':
      return { ...refusal(), httpStatus: 429 };
    case 'gateway-504':
      return { httpStatus: 504, body: {}, raw: GATEWAY_BODY };
    case 'other-number':
      return { ...truth, body: { ...truth.body, number: otherThan(txn.number) } };
    case 'other-amount':
      return { ...truth, body: { ...truth.body, amount: String(txn.amount / 100 + 1) } };
    case 'other-operator':
      return { ...truth, body: { ...truth.body, operator: txn.operator === 'AT' ? 'JIO' : 'AT' } };
    case undefined:
      return truth;
  }
}
