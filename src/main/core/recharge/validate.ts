import { checkAmount, describeIdShape, findOperator, isValidNumberFor, type OperatorInfo } from '../../../shared/operators';
import { formatInr, rupeesToPaise } from '../../../shared/money';
import { cleanNumber } from '../../../shared/subscriber-number';
import { UserFacingError } from '../errors/user-facing-error';

export interface RechargeInput {
  number: string;
  operator: string;
  amount: number;
}

export interface ValidRecharge {
  number: string;
  operator: OperatorInfo;
  /** Whole rupees, as the API takes them. */
  amountRupees: number;
}

/** Checks what can be checked without the provider; throws a plain-words error otherwise. */
export function validateRecharge(input: RechargeInput, limits: { min?: number; max?: number } = {}): ValidRecharge {
  const operator = findOperator(input.operator);
  if (!operator) throw new UserFacingError('unknown_operator', `Choose an operator: "${input.operator.slice(0, 20)}" is not one we know.`);
  const number = cleanNumber(input.number, operator.category);
  if (!isValidNumberFor(operator, number)) {
    const what = operator.category === 'mobile' ? 'a mobile number' : `a ${operator.name} subscriber ID`;
    throw new UserFacingError(
      'invalid_number',
      `This does not look like ${what} (${describeIdShape(operator.idShape)}). Check the number and try again.`,
    );
  }
  const min = Math.max(operator.minAmount, limits.min ?? 0);
  const max = Math.min(operator.maxAmount, limits.max ?? Number.MAX_SAFE_INTEGER);
  const check = checkAmount({ ...operator, minAmount: min, maxAmount: max }, input.amount);
  if (!check.ok) {
    const range = `${formatInr(rupeesToPaise(min))} to ${formatInr(rupeesToPaise(max))}`;
    if (check.reason === 'not_integer') throw new UserFacingError('amount_not_whole', `Enter the amount in whole rupees (${range}).`);
    throw new UserFacingError('amount_out_of_range', `${operator.name} takes ${range}. Change the amount.`);
  }
  return { number, operator, amountRupees: input.amount };
}
