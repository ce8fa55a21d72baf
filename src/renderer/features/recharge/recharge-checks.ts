import { checkAmount, findOperator, isValidNumberFor, type OperatorCategory } from '../../../shared/operators';
import { cleanNumber } from '../../../shared/subscriber-number';
import type { RechargeForm } from '../../stores/recharge-store';

export type FormProblem =
  | { field: 'number'; key: 'recharge.needNumber' | 'recharge.needSubscriber' }
  | { field: 'operator'; key: 'recharge.needOperator' }
  | { field: 'amount'; key: 'recharge.needAmount' | 'recharge.outOfRange'; values?: Record<string, string | number> };

export function numberProblem(number: string, category: OperatorCategory, operator: string | null): FormProblem | null {
  const op = operator ? findOperator(operator) : undefined;
  const key = category === 'mobile' ? 'recharge.needNumber' : 'recharge.needSubscriber';
  if (!number) return { field: 'number', key };
  if (op && !isValidNumberFor(op, cleanNumber(number, category))) return { field: 'number', key };
  if (!op && category === 'mobile' && !/^[6-9]\d{9}$/.test(number)) return { field: 'number', key };
  return null;
}

/** What stops this form from going to confirmation, first problem first; null when it may go. */
export function formProblem(form: RechargeForm): FormProblem | null {
  const n = numberProblem(form.number, form.category, form.operator);
  if (n) return n;
  const op = form.operator ? findOperator(form.operator) : undefined;
  if (!op) return { field: 'operator', key: 'recharge.needOperator' };
  if (!/^\d+$/.test(form.amount)) return { field: 'amount', key: 'recharge.needAmount' };
  const check = checkAmount(op, Number(form.amount));
  if (!check.ok)
    return { field: 'amount', key: 'recharge.outOfRange', values: { operator: op.name, min: op.minAmount, max: op.maxAmount } };
  return null;
}
