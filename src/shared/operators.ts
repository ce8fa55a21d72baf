/**
 * The operator table of the API document (section 2.4). Kept as data: deployments rename codes
 * (BSNL as BT) and change limits, so nothing outside this table should know an operator by name.
 */
export type OperatorCategory = 'mobile' | 'dth';

export interface IdShape {
  readonly minDigits: number;
  readonly maxDigits: number;
  /** Digits the ID may start with ('' for any). */
  readonly firstDigits: string;
}

export interface OperatorInfo {
  readonly code: string;
  readonly category: OperatorCategory;
  readonly name: string;
  /** Shape of the number or subscriber ID: the check and the words that explain it both come from it. */
  readonly idShape: IdShape;
  /** Integer rupees, inclusive. Defaults from the field notes; settings may narrow them. */
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly popularAmounts: readonly number[];
}

// Mobile: 10 digits, Indian mobile series start 6–9. DTH IDs vary by operator; the rules below
// are deliberately no stricter than each operator's published customer-ID lengths, because a
// rule that is too strict blocks a paying customer while a loose one only defers to the provider.
const MOBILE: IdShape = { minDigits: 10, maxDigits: 10, firstDigits: '6789' };

// What every operator of a kind shares; each entry below says only what is its own.
const MOBILE_OPERATOR = { category: 'mobile', idShape: MOBILE, minAmount: 10 } as const;
const DTH_OPERATOR = { category: 'dth', minAmount: 50, maxAmount: 20_000, popularAmounts: [153, 250, 300, 500, 1000] } as const;

export const OPERATORS: readonly OperatorInfo[] = [
  { ...MOBILE_OPERATOR, code: 'JIO', name: 'Jio', maxAmount: 10_000, popularAmounts: [199, 239, 299, 349, 479, 719] },
  { ...MOBILE_OPERATOR, code: 'AT', name: 'Airtel', maxAmount: 10_000, popularAmounts: [155, 199, 299, 349, 479, 719] },
  { ...MOBILE_OPERATOR, code: 'VI', name: 'Vi', maxAmount: 10_000, popularAmounts: [99, 199, 299, 349, 479, 719] },
  { ...MOBILE_OPERATOR, code: 'BSNL', name: 'BSNL Topup', maxAmount: 5_000, popularAmounts: [107, 153, 197, 247, 397] },
  { ...MOBILE_OPERATOR, code: 'BSNLSTV', name: 'BSNL Special Tariff', maxAmount: 5_000, popularAmounts: [108, 187, 229, 347, 485] },
  { ...DTH_OPERATOR, code: 'ATDTH', name: 'Airtel Digital TV', idShape: { minDigits: 10, maxDigits: 10, firstDigits: '3' } },
  { ...DTH_OPERATOR, code: 'DISHTV', name: 'Dish TV', idShape: { minDigits: 10, maxDigits: 11, firstDigits: '' } },
  { ...DTH_OPERATOR, code: 'SUNDTH', name: 'Sun Direct', idShape: { minDigits: 10, maxDigits: 11, firstDigits: '' } },
  { ...DTH_OPERATOR, code: 'TATASKY', name: 'Tata Play', idShape: { minDigits: 10, maxDigits: 10, firstDigits: '1' } },
  { ...DTH_OPERATOR, code: 'VDDTH', name: 'Videocon d2h', idShape: { minDigits: 6, maxDigits: 12, firstDigits: '' } },
];

const BY_CODE = new Map(OPERATORS.map((o) => [o.code, o]));
function patternOf({ minDigits, maxDigits, firstDigits }: IdShape): RegExp {
  const first = firstDigits ? `[${firstDigits}]` : '[0-9]';
  return new RegExp(`^${first}[0-9]{${minDigits - 1},${maxDigits - 1}}$`);
}

const PATTERNS = new Map(OPERATORS.map((o) => [o.code, patternOf(o.idShape)]));
const MOBILE_PATTERN = patternOf(MOBILE);

/**
 * An Indian mobile number as every mobile operator takes it (10 digits, starting 6 to 9). The one
 * place this rule is written: the forms, the stores, receipts and the service all ask here.
 */
export function isMobileNumber(number: string): boolean {
  return MOBILE_PATTERN.test(number);
}

/**
 * Digits no mobile number can begin with, even typed with its trunk 0 (a mobile starts 6 to 9),
 * or twelve digits that are not one with its country code: what they start can only be a DTH ID.
 */
export function canOnlyBeDth(digits: string): boolean {
  return /^(?:[1-5]|0[0-5])/.test(digits) || /^91[0-5]\d{9}$/.test(digits);
}

/**
 * Digits that can only be a mobile number typed with its country code or trunk 0
 * ("919876543210", "09876543210"), without it; any other digits exactly as they are. A DTH ID
 * may start with 0 or 91 ("01234565555", "911234565555"): it is never cut, because what is left
 * would not be a mobile number.
 */
export function withoutMobilePrefix(digits: string): string {
  const rest =
    digits.length === 12 && digits.startsWith('91')
      ? digits.slice(2)
      : digits.length === 11 && digits.startsWith('0')
        ? digits.slice(1)
        : null;
  return rest !== null && isMobileNumber(rest) ? rest : digits;
}

/** Codes are compared case-insensitively: some deployments echo them in lower case. */
export function findOperator(code: string): OperatorInfo | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

export function operatorsIn(category: OperatorCategory): OperatorInfo[] {
  return OPERATORS.filter((o) => o.category === category);
}

export function isValidNumberFor(operator: OperatorInfo, number: string): boolean {
  const pattern = PATTERNS.get(operator.code) ?? patternOf(operator.idShape);
  return pattern.test(number);
}

export type AmountCheck = { ok: true } | { ok: false; reason: 'not_integer' | 'below_min' | 'above_max' };

export function checkAmount(operator: OperatorInfo, rupees: number): AmountCheck {
  if (!Number.isSafeInteger(rupees) || rupees <= 0) return { ok: false, reason: 'not_integer' };
  if (rupees < operator.minAmount) return { ok: false, reason: 'below_min' };
  if (rupees > operator.maxAmount) return { ok: false, reason: 'above_max' };
  return { ok: true };
}

/**
 * A mobile-shaped number on a DTH operator that has not had it: some DTH operators take the
 * customer's registered mobile, so it is not refused, but it is sent only on a second word. The
 * operator "has had it" when the number's last recharge succeeded there or the customer book says
 * it is that operator's customer. One rule for the confirmation and for the core.
 */
export function isMobileOnNewDth(
  operator: OperatorInfo,
  number: string,
  known: { lastSuccessOn: string | null | undefined; bookOperator: string | null | undefined },
): boolean {
  if (operator.category !== 'dth' || !isMobileNumber(number)) return false;
  return known.lastSuccessOn !== operator.code && known.bookOperator?.toUpperCase() !== operator.code;
}
