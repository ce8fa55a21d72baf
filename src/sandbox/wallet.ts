/**
 * The account's money, integer paise. `spent` is what has gone to operators and `commission` what
 * the provider has paid in margins; together with top-ups they close the books:
 *
 *   buyer + lien + spent = opening + topups + commission
 *
 * Every move below keeps that equation, which the property tests check after every step.
 */
export interface Wallet {
  buyer: number;
  seller: number;
  lien: number;
  spent: number;
  commission: number;
  topups: number;
  opening: number;
}

export type TxnState = 'Pending' | 'Success' | 'Failure' | 'Refunded';

/** Accepting a recharge holds its amount: buyer → lien. */
export function hold(w: Wallet, amount: number): Wallet {
  if (amount <= 0 || !Number.isSafeInteger(amount)) throw new RangeError('amount must be positive paise');
  if (w.buyer < amount) throw new RangeError('insufficient buyer balance');
  return { ...w, buyer: w.buyer - amount, lien: w.lien + amount };
}

/**
 * Moves the money for a status change of one transaction. Transitions the sandbox allows:
 * Pending → Success | Failure, Success → Refunded. Anything else moves nothing and is refused.
 */
export function settle(w: Wallet, from: TxnState, to: TxnState, amount: number, margin: number): Wallet {
  if (from === 'Pending' && to === 'Success') {
    return { ...w, lien: w.lien - amount, spent: w.spent + amount, buyer: w.buyer + margin, commission: w.commission + margin };
  }
  if (from === 'Pending' && to === 'Failure') {
    return { ...w, lien: w.lien - amount, buyer: w.buyer + amount };
  }
  if (from === 'Success' && to === 'Refunded') {
    // The refund returns the amount and takes back the margin paid on it.
    return { ...w, spent: w.spent - amount, buyer: w.buyer + amount - margin, commission: w.commission - margin };
  }
  throw new RangeError(`no money move for ${from} → ${to}`);
}

/**
 * A provider reversing its own failure (a fault, issue 29): the amount it gave back is spent after
 * all, and the margin paid. Only the 'failure-reversed' plan and the admin's reverseFailure do
 * this; `settle` and a forced status refuse it. No provider should; the app must notice one that does.
 */
export function reverseFailure(w: Wallet, amount: number, margin: number): Wallet {
  return { ...w, buyer: w.buyer - amount + margin, spent: w.spent + amount, commission: w.commission + margin };
}

export function canSettle(from: TxnState, to: TxnState): boolean {
  return (from === 'Pending' && (to === 'Success' || to === 'Failure')) || (from === 'Success' && to === 'Refunded');
}

export function topUp(w: Wallet, amount: number): Wallet {
  if (amount <= 0 || !Number.isSafeInteger(amount)) throw new RangeError('top-up must be positive paise');
  return { ...w, buyer: w.buyer + amount, topups: w.topups + amount };
}

/** Money the provider takes out on its own (a fee, a mistake): the books say where it went, the reseller's app does not. */
export function debit(w: Wallet, amount: number): Wallet {
  if (amount <= 0 || !Number.isSafeInteger(amount) || amount > w.buyer)
    throw new RangeError('a debit must be positive paise within the wallet');
  return { ...w, buyer: w.buyer - amount, topups: w.topups - amount };
}

/** True when no money was created or destroyed. */
export function booksBalance(w: Wallet): boolean {
  return w.buyer + w.lien + w.spent === w.opening + w.topups + w.commission && w.lien >= 0 && w.spent >= 0;
}

export function marginFor(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints) / 10_000);
}
