/**
 * The operator table of the API document (section 2.4). Kept as data: deployments rename codes
 * (BSNL as BT) and change limits, so nothing outside this table should know an operator by name.
 */
export type OperatorCategory = 'mobile' | 'dth';

export interface OperatorInfo {
  readonly code: string;
  readonly category: OperatorCategory;
  readonly name: string;
  /** Shape of the subscriber number as a regular expression source, anchored. */
  readonly numberPattern: string;
  /** Key of the plain-words hint shown when the number does not fit (i18n key). */
  readonly numberHint: string;
  /** Integer rupees, inclusive. Defaults from the field notes; settings may narrow them. */
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly popularAmounts: readonly number[];
}

// Mobile: 10 digits, Indian mobile series start 6–9. DTH IDs vary by operator; the rules below
// are deliberately no stricter than each operator's published customer-ID lengths, because a
// rule that is too strict blocks a paying customer while a loose one only defers to the provider.
const MOBILE = '^[6-9][0-9]{9}$';

export const OPERATORS: readonly OperatorInfo[] = [
  {
    code: 'JIO',
    category: 'mobile',
    name: 'Jio',
    numberPattern: MOBILE,
    numberHint: 'mobile10',
    minAmount: 10,
    maxAmount: 10_000,
    popularAmounts: [199, 239, 299, 349, 479, 719],
  },
  {
    code: 'AT',
    category: 'mobile',
    name: 'Airtel',
    numberPattern: MOBILE,
    numberHint: 'mobile10',
    minAmount: 10,
    maxAmount: 10_000,
    popularAmounts: [155, 199, 299, 349, 479, 719],
  },
  {
    code: 'VI',
    category: 'mobile',
    name: 'Vi',
    numberPattern: MOBILE,
    numberHint: 'mobile10',
    minAmount: 10,
    maxAmount: 10_000,
    popularAmounts: [99, 199, 299, 349, 479, 719],
  },
  {
    code: 'BSNL',
    category: 'mobile',
    name: 'BSNL Topup',
    numberPattern: MOBILE,
    numberHint: 'mobile10',
    minAmount: 10,
    maxAmount: 5_000,
    popularAmounts: [107, 153, 197, 247, 397],
  },
  {
    code: 'BSNLSTV',
    category: 'mobile',
    name: 'BSNL Special Tariff',
    numberPattern: MOBILE,
    numberHint: 'mobile10',
    minAmount: 10,
    maxAmount: 5_000,
    popularAmounts: [108, 187, 229, 347, 485],
  },
  {
    code: 'ATDTH',
    category: 'dth',
    name: 'Airtel Digital TV',
    numberPattern: '^3[0-9]{9}$',
    numberHint: 'dthAirtel',
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'DISHTV',
    category: 'dth',
    name: 'Dish TV',
    numberPattern: '^[0-9]{10,11}$',
    numberHint: 'dthDish',
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'SUNDTH',
    category: 'dth',
    name: 'Sun Direct',
    numberPattern: '^[0-9]{10,11}$',
    numberHint: 'dthSun',
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'TATASKY',
    category: 'dth',
    name: 'Tata Play',
    numberPattern: '^1[0-9]{9}$',
    numberHint: 'dthTata',
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'VDDTH',
    category: 'dth',
    name: 'Videocon d2h',
    numberPattern: '^[0-9]{6,12}$',
    numberHint: 'dthVideocon',
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
];

const BY_CODE = new Map(OPERATORS.map((o) => [o.code, o]));
const PATTERNS = new Map(OPERATORS.map((o) => [o.code, new RegExp(o.numberPattern)]));

/** Codes are compared case-insensitively: some deployments echo them in lower case. */
export function findOperator(code: string): OperatorInfo | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

export function operatorsIn(category: OperatorCategory): OperatorInfo[] {
  return OPERATORS.filter((o) => o.category === category);
}

export function isValidNumberFor(operator: OperatorInfo, number: string): boolean {
  const pattern = PATTERNS.get(operator.code) ?? new RegExp(operator.numberPattern);
  return pattern.test(number);
}

export type AmountCheck = { ok: true } | { ok: false; reason: 'not_integer' | 'below_min' | 'above_max' };

export function checkAmount(operator: OperatorInfo, rupees: number): AmountCheck {
  if (!Number.isSafeInteger(rupees) || rupees <= 0) return { ok: false, reason: 'not_integer' };
  if (rupees < operator.minAmount) return { ok: false, reason: 'below_min' };
  if (rupees > operator.maxAmount) return { ok: false, reason: 'above_max' };
  return { ok: true };
}
