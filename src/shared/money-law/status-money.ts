import { TXN_STATUSES, type TxnStatus } from '../status';

/**
 * What each transaction status means for the money: the one list (issue 35 item 7) that the
 * recharge service, the ledger's money-follow SQL, the screens' give-back and the reports read.
 *
 * - `went`: the provider took the money and the customer was recharged (Success).
 * - `held`: the request may have reached the provider and its fate is not known yet: the money
 *   is held or may be (Submitting, Unknown, Pending, Accepted, NeedsAttention).
 * - `nothing`: the customer got nothing: refused or never sent (Error), failed (Failure), or
 *   given back after a success (Refunded). Their money is theirs again, unless the provider's
 *   status check later says otherwise (a changed answer: see `isChangedAnswer`).
 */
export type MoneyMeaning = 'went' | 'held' | 'nothing';

export const MONEY_OF_STATUS: Readonly<Record<TxnStatus, MoneyMeaning>> = {
  Submitting: 'held',
  Unknown: 'held',
  Pending: 'held',
  Accepted: 'held',
  NeedsAttention: 'held',
  Success: 'went',
  Failure: 'nothing',
  Refunded: 'nothing',
  Error: 'nothing',
};

/** The statuses with this meaning, in the table's order. */
export function statusesMeaning(meaning: MoneyMeaning): readonly TxnStatus[] {
  return TXN_STATUSES.filter((s) => MONEY_OF_STATUS[s] === meaning);
}

/** True when the customer got nothing from a transaction in this status (their money is theirs again). */
export function customerGotNothing(status: TxnStatus): boolean {
  return MONEY_OF_STATUS[status] === 'nothing';
}

/** True while the money's fate is not known (the gate, on hold, the poller's open rows). */
export function moneyHeld(status: TxnStatus): boolean {
  return MONEY_OF_STATUS[status] === 'held';
}

/**
 * The statuses with this meaning as an SQL list, `('Failure', 'Refunded', 'Error')`: the ledger's
 * SQL is made from the table, never typed a second time. Status names are our own constants
 * (letters only), so quoting them is safe.
 */
export function sqlStatusList(meaning: MoneyMeaning): string {
  return `(${statusesMeaning(meaning)
    .map((s) => `'${s}'`)
    .join(', ')})`;
}

/** The statuses a changed answer turns into a Success. */
export const CHANGED_ANSWER_FROM: readonly TxnStatus[] = ['Failure', 'Error'];

/**
 * A changed answer: the provider said the customer got nothing (a Failure, or a refusal or
 * not-sent close: Error) and its status check now says Success. The checked word is the truth:
 * the ledger takes it, records both words, and tells it loudly; it is never a reason to send.
 */
export function isChangedAnswer(from: TxnStatus, to: TxnStatus): boolean {
  return CHANGED_ANSWER_FROM.includes(from) && to === 'Success';
}
