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

export const OPERATORS: readonly OperatorInfo[] = [
  {
    code: 'JIO',
    category: 'mobile',
    name: 'Jio',
    idShape: MOBILE,
    minAmount: 10,
    maxAmount: 10_000,
    popularAmounts: [199, 239, 299, 349, 479, 719],
  },
  {
    code: 'AT',
    category: 'mobile',
    name: 'Airtel',
    idShape: MOBILE,
    minAmount: 10,
    maxAmount: 10_000,
    popularAmounts: [155, 199, 299, 349, 479, 719],
  },
  {
    code: 'VI',
    category: 'mobile',
    name: 'Vi',
    idShape: MOBILE,
    minAmount: 10,
    maxAmount: 10_000,
    popularAmounts: [99, 199, 299, 349, 479, 719],
  },
  {
    code: 'BSNL',
    category: 'mobile',
    name: 'BSNL Topup',
    idShape: MOBILE,
    minAmount: 10,
    maxAmount: 5_000,
    popularAmounts: [107, 153, 197, 247, 397],
  },
  {
    code: 'BSNLSTV',
    category: 'mobile',
    name: 'BSNL Special Tariff',
    idShape: MOBILE,
    minAmount: 10,
    maxAmount: 5_000,
    popularAmounts: [108, 187, 229, 347, 485],
  },
  {
    code: 'ATDTH',
    category: 'dth',
    name: 'Airtel Digital TV',
    idShape: { minDigits: 10, maxDigits: 10, firstDigits: '3' },
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'DISHTV',
    category: 'dth',
    name: 'Dish TV',
    idShape: { minDigits: 10, maxDigits: 11, firstDigits: '' },
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'SUNDTH',
    category: 'dth',
    name: 'Sun Direct',
    idShape: { minDigits: 10, maxDigits: 11, firstDigits: '' },
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'TATASKY',
    category: 'dth',
    name: 'Tata Play',
    idShape: { minDigits: 10, maxDigits: 10, firstDigits: '1' },
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
  {
    code: 'VDDTH',
    category: 'dth',
    name: 'Videocon d2h',
    idShape: { minDigits: 6, maxDigits: 12, firstDigits: '' },
    minAmount: 50,
    maxAmount: 20_000,
    popularAmounts: [153, 250, 300, 500, 1000],
  },
];

const BY_CODE = new Map(OPERATORS.map((o) => [o.code, o]));
function patternOf({ minDigits, maxDigits, firstDigits }: IdShape): RegExp {
  const first = firstDigits ? `[${firstDigits}]` : '[0-9]';
  return new RegExp(`^${first}[0-9]{${minDigits - 1},${maxDigits - 1}}$`);
}

const PATTERNS = new Map(OPERATORS.map((o) => [o.code, patternOf(o.idShape)]));

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

/** The ID shape in plain English, for messages: "10 digits starting with 3", "6 to 12 digits". */
export function describeIdShape({ minDigits, maxDigits, firstDigits }: IdShape): string {
  const count =
    minDigits === maxDigits
      ? `${minDigits}`
      : maxDigits === minDigits + 1
        ? `${minDigits} or ${maxDigits}`
        : `${minDigits} to ${maxDigits}`;
  const first =
    firstDigits.length === 0
      ? ''
      : firstDigits.length === 1
        ? ` starting with ${firstDigits}`
        : ` starting with ${[...firstDigits].join(', ').replace(/, (\d)$/, ' or $1')}`;
  return `${count} digits${first}`;
}
