import { checkAmount, findOperator, isMobileNumber, isValidNumberFor, type OperatorCategory } from '../../../shared/operators';
import { cleanNumber } from '../../../shared/subscriber-number';
import type { RechargeForm } from '../../stores/recharge-store';

export type FormProblem =
  | { field: 'number'; key: string; values?: Record<string, string | number> }
  | { field: 'operator'; key: 'recharge.needOperator' }
  | { field: 'amount'; key: string; values?: Record<string, string | number> };

export function numberProblem(number: string, category: OperatorCategory, operator: string | null): FormProblem | null {
  const op = operator ? findOperator(operator) : undefined;
  const key = category === 'mobile' ? 'recharge.needNumber' : 'recharge.needSubscriber';
  if (!number) return { field: 'number', key };
  // More digits than a mobile number, kept whole on the Mobile tab: said so, never cut to ten.
  if (category === 'mobile' && number.length > 10 && op?.category !== 'dth')
    return { field: 'number', key: 'recharge.notMobile', values: { count: number.length } };
  if (op && !isValidNumberFor(op, cleanNumber(number, category))) {
    // A DTH ID's shape differs per operator: say which shape this operator takes.
    return op.category === 'dth'
      ? { field: 'number', key: `recharge.shape.${op.code}`, values: { operator: op.name } }
      : { field: 'number', key };
  }
  if (!op && category === 'mobile' && !isMobileNumber(number)) return { field: 'number', key };
  return null;
}

/**
 * The amount box holds exactly what was typed. Anything but digits is refused with a message,
 * never cleaned into another number: "10.00" silently becoming ₹1,000 is how a shop loses money.
 */
function amountProblem(amount: string): FormProblem | null {
  if (amount === '') return { field: 'amount', key: 'recharge.needAmount' };
  if (!/^\d+$/.test(amount)) {
    const key = amount.includes('-')
      ? 'recharge.amountNegative'
      : /[.,]/.test(amount)
        ? 'recharge.amountNoPaise'
        : 'recharge.amountDigitsOnly';
    return { field: 'amount', key, values: { typed: amount } };
  }
  return null;
}

/** What stops this form from going to confirmation, first problem first; null when it may go. */
export function formProblem(form: RechargeForm): FormProblem | null {
  const n = numberProblem(form.number, form.category, form.operator);
  if (n) return n;
  const op = form.operator ? findOperator(form.operator) : undefined;
  if (!op) return { field: 'operator', key: 'recharge.needOperator' };
  const a = amountProblem(form.amount);
  if (a) return a;
  const check = checkAmount(op, Number(form.amount));
  if (!check.ok)
    return { field: 'amount', key: 'recharge.outOfRange', values: { operator: op.name, min: op.minAmount, max: op.maxAmount } };
  return null;
}
