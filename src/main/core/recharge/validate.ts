import { checkAmount, findOperator, isValidNumberFor, type OperatorInfo } from '../../../shared/operators';
import { cleanNumber } from '../../../shared/subscriber-number';
import { UserFacingError } from '../errors/user-facing-error';
import { providerRange, providerTakes, type ProviderAmounts } from '../../../shared/profiles/provider-amounts';

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
  if (!operator) throw new UserFacingError('unknown_operator', { typed: input.operator.slice(0, 20) });
  const number = cleanNumber(input.number, operator.category);
  if (!isValidNumberFor(operator, number)) {
    throw new UserFacingError('invalid_number', { operator: operator.code });
  }
  const min = Math.max(operator.minAmount, limits.min ?? 0);
  const max = Math.min(operator.maxAmount, limits.max ?? Number.MAX_SAFE_INTEGER);
  const check = checkAmount({ ...operator, minAmount: min, maxAmount: max }, input.amount);
  if (!check.ok) {
    if (check.reason === 'not_integer') throw new UserFacingError('amount_not_whole', { min, max });
    throw new UserFacingError('amount_out_of_range', { operator: operator.code, min, max });
  }
  return { number, operator, amountRupees: input.amount };
}

/** Refuses an amount the provider does not take for the operator (its profile's limits), before anything is saved or sent. */
export function checkProviderAmount(amounts: ProviderAmounts, operator: string, rupees: number): void {
  const range = providerRange(amounts, operator);
  if (range && !providerTakes(amounts, operator, rupees)) throw new UserFacingError('amount_outside_provider', { operator, ...range });
}
