import type { TxnStatus } from '../../../shared/status';
import { isPlausibleBalance } from '../../../shared/money';
import { canMove, type MoveBy } from '../../../shared/money-law/transitions';

/** A recharge of more than ₹10 lakh is not a recharge (paise). */
export const MAX_RECHARGE_PAISE = 100_000_000;
/**
 * The most commission a recharge can earn, as a share of its amount. Real reseller commissions are
 * a few percent; a fifth is far above any of them and far below money invented by a forged line.
 */
export const MAX_MARGIN_SHARE = 0.2;

export type MoneyFault = 'amount' | 'margin' | 'balance';

/**
 * What is wrong with a transaction's money, or null: the amount a whole number of paise in a
 * recharge's range, the commission never negative and never more than MAX_MARGIN_SHARE of the
 * amount, a wallet balance one a real account can have. Applied to what comes from a file or
 * another counter before it may change the books.
 */
export function moneyFault(t: { amount: number; margin?: number | null; balanceAfter?: number | null }): MoneyFault | null {
  if (!Number.isSafeInteger(t.amount) || t.amount < 1 || t.amount > MAX_RECHARGE_PAISE) return 'amount';
  const margin = t.margin ?? null;
  if (margin !== null && (!Number.isSafeInteger(margin) || margin < 0 || margin > t.amount * MAX_MARGIN_SHARE)) return 'margin';
  const balance = t.balanceAfter ?? null;
  if (balance !== null && (!Number.isSafeInteger(balance) || !isPlausibleBalance(balance))) return 'balance';
  return null;
}

/** True when a record's status may follow the one already recorded (none recorded: any may start it). */
export function statusMayFollow(from: TxnStatus | null, to: TxnStatus, by: MoveBy = 'other'): boolean {
  return from === null ? canMove('Submitting', to) : canMove(from, to, by);
}
