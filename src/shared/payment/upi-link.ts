/**
 * The UPI link of a sale and the checks of a UPI ID, without zod: the counter's window reads these
 * in its first script (the settings' schemas, upi.ts, are built from the same patterns).
 */

/**
 * The shop's UPI ID (VPA): `name@handle`, as NPCI shapes it: the name 2–256 of letters, digits,
 * dot, dash and underscore, the handle letters only (the bank or app). Anything else is refused.
 */
export const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/;
export const VPA_MAX = 255;
export const PAYEE_MAX = 50;
// Letters in any script, digits, spaces and the few marks shop names carry; no control characters.
export const PAYEE = /^[\p{L}\p{M}\p{N} .&'-]{1,50}$/u;
/** A sale's own reference for UPI (tr): letters and digits, unique per sale. */
export const SALE_REF = /^[0-9A-Z]{8,20}$/;

export const isVpa = (s: string): boolean => s.trim().length <= VPA_MAX && VPA.test(s.trim());
export const isPayee = (s: string): boolean => PAYEE.test(s.trim());

/**
 * App handles where people keep their own UPI IDs. Payments to a personal ID are capped and may
 * be flagged when a shop takes many of them, so the owner is told (not refused).
 */
const PERSONAL_HANDLES: ReadonlySet<string> = new Set([
  'ybl',
  'ibl',
  'axl',
  'apl',
  'okaxis',
  'okhdfcbank',
  'okicici',
  'oksbi',
  'upi',
  'paytm',
  'ptyes',
  'ptaxis',
  'pthdfc',
  'ptsbi',
  'yapl',
  'waicici',
  'wahdfcbank',
  'waaxis',
  'wasbi',
]);

/**
 * Whether an ID looks like a person's rather than a business's: a mobile number before the @, or
 * a handle of the consumer payment apps. A guess for a plain warning, never a refusal.
 */
export function looksPersonal(vpa: string): boolean {
  const [name = '', handle = ''] = vpa.trim().toLowerCase().split('@');
  return /^(?:\+?91)?[6-9]\d{9}$/.test(name) || PERSONAL_HANDLES.has(handle);
}

/** A value the link may carry, or a RangeError: the caller checked it already, so this is a bug. */
function checked(value: string, ok: boolean, what: string): string {
  if (!ok) throw new RangeError(`not a ${what} a UPI link can carry`);
  return value;
}

/** RFC 3986 encoding: encodeURIComponent leaves !'()* bare, which some UPI apps misread. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Paise as UPI's amount: rupees with two decimals, never through floating point. */
function upiAmount(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise <= 0) throw new RangeError(`not an amount to ask for: ${paise}`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

export interface UpiRequest {
  readonly vpa: string;
  readonly payee: string;
  /** Paise the customer pays by UPI. */
  readonly amount: number;
  /** The sale's reference: the UPI app shows it and puts it in the payment. */
  readonly saleRef: string;
  /** A short note the customer's app shows. */
  readonly note: string;
}

/**
 * The `upi://pay` link of a dynamic QR: the customer's app opens it with the shop, the amount and
 * the sale filled in. Parameter order as in NPCI's linking spec; each value percent-encoded.
 */
export function upiUri({ vpa, payee, amount, saleRef, note }: UpiRequest): string {
  const params: [string, string][] = [
    ['pa', checked(vpa.trim(), isVpa(vpa), 'UPI ID')],
    ['pn', checked(payee.trim(), isPayee(payee), 'payee name')],
    ['am', upiAmount(amount)],
    ['cu', 'INR'],
    ['tr', checked(saleRef, SALE_REF.test(saleRef), 'sale reference')],
    ['tn', note.trim().slice(0, 50)],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}

/** A new sale reference, from the caller's random bytes (crypto in main and in the renderer). */
export function newSaleRef(random: Uint8Array): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let ref = 'S';
  for (const byte of random.subarray(0, 11)) ref += alphabet[byte % alphabet.length];
  return checked(ref, SALE_REF.test(ref), 'sale reference');
}
