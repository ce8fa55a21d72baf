import { replyMismatches, type NamedFacts, type SentRequest } from '../../../shared/money-law/reply-match';
import type { TxnRecord } from '../txn/txn-record';

/**
 * A callback held against the recharge its reference names (issue 35 item 3): what it names
 * otherwise, for the log, or null. It changes nothing either way: a callback only ever asks for a
 * status check, and that check's answer is held against the recharge again before it counts.
 */
export function callbackMismatch(
  txn: TxnRecord | undefined,
  named: NamedFacts,
  operatorCodes: SentRequest['operatorCodes'],
): string | null {
  if (!txn) return null;
  const sent = { refId: txn.refId, number: txn.number, amount: txn.amount, operator: txn.operator, operatorCodes };
  const found = replyMismatches(sent, named);
  if (found.length === 0) return null;
  return `callback for ${txn.refId} is about another request (${found.map((m) => `${m.field} ${m.said}`).join(', ')}): the status check decides`;
}
