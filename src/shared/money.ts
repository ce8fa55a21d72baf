/**
 * Money is integer paise inside the app. The API takes integer rupees and answers decimal strings
 * ("12.50"), which are parsed digit by digit so no value ever passes through floating point.
 */
export type Paise = number & { readonly __unit: 'paise' };
// A brand exists only in types: the casts to Paise below are the brand's constructors, each after
// the check that makes the number a whole count of paise. Nothing else in the app casts to it.

export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isSafeInteger(rupees)) throw new RangeError(`not a whole number of rupees: ${rupees}`);
  return (rupees * 100) as Paise;
}

export function paise(n: number): Paise {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number of paise: ${n}`);
  return n as Paise;
}

// Optional sign, digits optionally grouped by commas (Indian or Western style), optional
// fraction. Commas must sit between digits: "1,,2" and ",5" are garbage, not 12 and 5.
const DECIMAL = /^([+-])?(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d*))?$/;

/**
 * Parses a provider amount into paise, or null when it is not an amount. Accepts "12", "12.5",
 * "12.50", "1,234.5", "1,23,456.00", "-3.00"; "-0.00" is zero. More than two decimals are
 * accepted only when the extra digits are zeros: "12.345" would need rounding, and a silent
 * rounding of money is worse than a visible "unreadable amount".
 */
export function parseAmountToPaise(input: unknown): Paise | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
    if (/e/i.test(text)) return null;
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole = '', fraction = ''] = m;
  if (text.endsWith('.') && fraction === '') return null;
  const extra = fraction.slice(2);
  if (extra !== '' && !/^0+$/.test(extra)) return null;
  const digits = whole.replace(/,/g, '') + fraction.slice(0, 2).padEnd(2, '0');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  if (value === 0) return 0 as Paise;
  return (sign === '-' ? -value : value) as Paise;
}

/** Groups digits the Indian way: last three, then pairs (1,23,45,678). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** ₹1,23,456.00; negative values as -₹12.00. */
export function formatInr(amount: Paise, options: { symbol?: boolean } = {}): string {
  const symbol = options.symbol === false ? '' : '₹';
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const rupees = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${symbol}${groupIndian(rupees)}.${rest}`;
}

/** Renders paise as the API's two-decimal string ("1234.50"), exact. */
export function paiseToDecimalString(amount: Paise): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`;
}

/** A wallet balance no real account has: below zero, or above ₹100 crore. Shown, never trusted. */
const MAX_PLAUSIBLE_BALANCE_PAISE = 100_00_00_000_00;

export function isPlausibleBalance(amount: number): boolean {
  return amount >= 0 && amount <= MAX_PLAUSIBLE_BALANCE_PAISE;
}
