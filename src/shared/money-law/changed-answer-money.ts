/**
 * What a changed answer (a Failure or refusal the provider's status check later calls a Success)
 * means for the customer's money, in paise. The customer was recharged after all, so whatever of
 * their money came back to them is now owed to the shop:
 *
 * - the paid part still on the give-back list (not handed back) comes off it: the shop keeps it;
 * - a paid part already handed back (`given_back`, or a split's cash part in `split_not_paid`), or a
 *   UPI part the customer never paid (`not_paid`, or a split's UPI part in `split_not_paid`), is to
 *   be collected from the customer;
 * - a credit part taken off the due (`credit_reversed`), or a paid part kept as credit
 *   (`kept_as_credit`), is to be put back on the due.
 *
 * The last two are offered to the shopkeeper, never done by themselves: the customer is at the
 * counter, or not, and only the shopkeeper knows.
 */
export interface SaleMoneyBack {
  /** The paid part (cash + UPI) is on the give-back list, not yet handed back. */
  onGiveBackList: boolean;
  givenBack: number;
  /** A UPI sale the customer never paid: recharged after all, they owe it. */
  notPaid: number;
  keptAsCredit: number;
  creditReversed: number;
}

export interface ChangedAnswerMoney {
  leaveGiveBackList: boolean;
  collect: number;
  /** The part of `collect` the customer never paid (a UPI sale said not paid): worded apart. */
  unpaid: number;
  putBackOnDue: number;
}

export function changedAnswerMoney(m: SaleMoneyBack): ChangedAnswerMoney {
  return {
    leaveGiveBackList: m.onGiveBackList,
    collect: m.givenBack + m.notPaid,
    unpaid: m.notPaid,
    putBackOnDue: m.creditReversed + m.keptAsCredit,
  };
}

/** What the shopkeeper did about it, once per sale: collected the money handed back, or put it all on the due. */
export const ANSWER_FIXES = ['collected', 'on_due'] as const;
export type AnswerFix = (typeof ANSWER_FIXES)[number];

/**
 * The money entries a fix writes, in paise: the whole amount goes (back) on the due as a
 * correction naming the sale; "collected" then records the customer paying the handed-back part
 * in cash, so the due is square and the drawer counts it.
 */
export function fixEntries(m: ChangedAnswerMoney, fix: AnswerFix): { onDue: number; paidCash: number } {
  const onDue = m.collect + m.putBackOnDue;
  return { onDue, paidCash: fix === 'collected' ? m.collect : 0 };
}
