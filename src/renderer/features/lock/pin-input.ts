import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from '../../../shared/field-limits';

/** What is wrong with a PIN as typed, as a text key; null when it can be sent. */
export function pinProblem(pin: string): 'lock.pinDigitsOnly' | 'lock.pinLength' | null {
  if (!/^\d*$/.test(pin)) return 'lock.pinDigitsOnly';
  if (pin.length < PIN_MIN_DIGITS || pin.length > PIN_MAX_DIGITS) return 'lock.pinLength';
  return null;
}

export const PIN_LIMITS = { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS };
