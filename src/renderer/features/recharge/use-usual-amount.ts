import { useEffect, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { useRechargeStore } from '../../stores/recharge-store';

export interface UsualAmount {
  /** True while the amount box holds the usual amount as filled in, not typed over. */
  untouched(amount: string): boolean;
  /** The shopkeeper typed in the amount box (or keys were placed there for them). */
  typed(): void;
  /** Focus on the amount box selects the filled-in amount, so the next digit replaces it. */
  onFocus(e: FocusEvent<HTMLInputElement>): void;
}

/**
 * A repeat customer's usual amount (their most frequent recent success), filled into the empty
 * amount box once per number and selected: Enter takes it, typing replaces it. So a repeat
 * customer is still the digits and three keys, and an amount already typed is never overwritten.
 */
export function useUsualAmount(
  number: string,
  usualPaise: number | null,
  amount: string,
  amountRef: RefObject<HTMLInputElement | null>,
): UsualAmount {
  const filled = useRef<{ number: string; text: string; live: boolean } | null>(null);
  const selectOnPaint = useRef(false);
  useEffect(() => {
    // Another number (or the next customer): what was filled for the one before is forgotten.
    if (filled.current && filled.current.number !== number) filled.current = null;
    if (usualPaise === null || filled.current) return;
    const text = String(usualPaise / 100);
    // The store's amount, not this render's: keys placed since (held digits, a keystroke between
    // the answer's render and this effect) must not be overwritten by a stale ''.
    const empty = useRechargeStore.getState().form.amount === '';
    filled.current = { number, text, live: empty };
    if (!empty) return;
    selectOnPaint.current = true;
    useRechargeStore.getState().setForm({ amount: text });
  }, [number, usualPaise, amount]);
  // Selected once the box shows it (selecting before the value lands would select nothing).
  useLayoutEffect(() => {
    if (!selectOnPaint.current) return;
    selectOnPaint.current = false;
    if (amountRef.current && document.activeElement === amountRef.current) amountRef.current.select();
  }, [amount, amountRef]);
  const untouched = (text: string) => !!filled.current?.live && filled.current.text === text;
  return {
    untouched,
    typed() {
      if (filled.current) filled.current.live = false;
    },
    onFocus(e) {
      if (untouched(e.currentTarget.value)) e.currentTarget.select();
    },
  };
}
