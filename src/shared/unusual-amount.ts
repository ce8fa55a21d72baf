/** How far an amount is from a regular's usual one, when it is far enough to say so. */
export interface UnusualAmount {
  /** The customer's usual amount, paise. */
  readonly usual: number;
  /** The amount is above the usual (else below it). */
  readonly more: boolean;
  /** About how many times the larger is of the smaller, rounded (at least `times`). */
  readonly ratio: number;
}

/**
 * An amount `times` or more away from the number's usual one, either way (a stray key turning
 * ₹239 into ₹1,239, or into ₹23): named on the confirmation before it is sent. `times` comes from
 * the shop's counter rules; 0 or 1 never warns. Null when there is no usual amount to compare.
 */
export function unusualAmount(amount: number, usual: number | null | undefined, times: number): UnusualAmount | null {
  if (!usual || usual <= 0 || amount <= 0 || times < 2) return null;
  const more = amount > usual;
  const ratio = more ? amount / usual : usual / amount;
  if (ratio < times) return null;
  return { usual, more, ratio: Math.round(ratio) };
}
