import type { OutcomeTxn } from '../../shared/outcomes/outcome-registry';
import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import type { OperatorCategory } from '../../shared/operators';
import { canOnlyBeDth, findOperator, isMobileNumber } from '../../shared/operators';
import type { Customer } from '../../shared/customer-schemas';
import type { PaymentRequest } from '../../shared/payment/payment';
import type { PaymentMethod } from '../../shared/payment/payment-parts';
import { newSaleRef } from '../../shared/payment/upi-link';

export type Step = 'editing' | 'confirming' | 'duplicate' | 'sending' | 'done';
type SubmitAnswer = ResponseOf<'recharge:submit'>;

export interface RechargeForm {
  category: OperatorCategory;
  number: string;
  operator: string | null;
  amount: string;
}

/** Where the keyboard should be after a step, so the next keystroke does the expected thing. */
export type FocusTarget = 'number' | 'amount' | 'confirm';

/**
 * How the customer pays, as chosen on the confirmation. The sale reference is made when a UPI
 * part is first chosen, so the QR on screen and the sale the ledger keeps carry the same one.
 */
export interface PaymentChoice {
  method: PaymentMethod;
  /** Split only: the cash part as typed, in rupees. */
  splitCash: string;
  saleRef: string | null;
}

const CASH: PaymentChoice = { method: 'cash', splitCash: '', saleRef: null };

/** The payment as the submit request takes it. */
function paymentRequest(p: PaymentChoice): PaymentRequest {
  if (p.method === 'cash' || p.method === 'credit') return { method: p.method };
  const saleRef = p.saleRef ?? undefined;
  return p.method === 'upi' ? { method: 'upi', saleRef } : { method: 'split', cashRupees: Number(p.splitCash) || 0, saleRef };
}

export interface RechargeState {
  step: Step;
  form: RechargeForm;
  /** An error that kept the recharge from being sent (nothing was charged). */
  error: IpcError | null;
  /** The refusal that asks for a second confirmation, with the recharge it matched. */
  duplicateOutcome: IpcError | null;
  /** The earlier recharge the duplicate warning is about, when the ledger could name it. */
  duplicateOf: OutcomeTxn | null;
  result: SubmitAnswer | null;
  /** The answer to a send was lost (the app's own link broke): the recharge may have gone. */
  lost: IpcError | null;
  sendingSince: number | null;
  focus: FocusTarget | null;
  /** Which second confirmations the shopkeeper has given for this recharge (repeat, open one). */
  confirmed: { duplicate: boolean; open: boolean };
  /** Which warning the repeat dialog shows now. */
  /** 'shop': another counter of the shop has this number (the shared shop ledger, issue 16). */
  warning: 'duplicate' | 'open' | 'shop' | null;
  /** How the customer pays: cash unless changed on the confirmation. */
  payment: PaymentChoice;
  /** The provider account picked on the confirmation (issue 29); null: the route's first. */
  account: string | null;
  setAccount(account: string | null): void;
  /** Changes how the customer pays, while the recharge is still to be sent. */
  setPayment(patch: Partial<Pick<PaymentChoice, 'method' | 'splitCash'>>): void;
  setForm(patch: Partial<RechargeForm>): void;
  confirm(): void;
  back(): void;
  /** `confirmMobileOnDth`: the confirmation flagged a mobile number on a DTH operator and the shopkeeper sends anyway. */
  send(desk: DeskApi, options?: { confirmMobileOnDth?: boolean; confirmOverLimit?: boolean }): Promise<void>;
  /**
   * The next customer, always on Mobile unless the digits they start with can only be a DTH ID
   * (a DTH customer before must not turn the next mobile number into a DTH recharge).
   */
  reset(digits?: string): void;
  /** Fills the form from an earlier recharge; the amount is left to check. */
  repeat(txn: TxnView): void;
  /** Fills the form for a regular from the customer book (number, operator, usual amount); nothing is sent. */
  repeatCustomer(customer: Customer): void;
  focused(): void;
  /**
   * A button beside the counter did its work (a UPI marked received) and left with the focus:
   * the keys go back to the counter, so the next customer's digits are not dropped.
   */
  backToCounter(): void;
  /** A later status of the recharge on the result card (pending → success, success → refunded). */
  applyUpdate(txn: TxnView): void;
}

const empty = (category: OperatorCategory = 'mobile'): RechargeForm => ({ category, number: '', operator: null, amount: '' });

// Failures that may come after the transaction was written: the outcome is not known, so the
// screen must never say "not sent" and invite a second recharge.
const UNSURE_CODES: ReadonlySet<string> = new Set(['transport', 'internal']);

/** No warning shown and none confirmed: back to the form, or a new recharge. */
const NO_WARNING: Pick<RechargeState, 'duplicateOutcome' | 'duplicateOf' | 'warning' | 'confirmed'> = {
  duplicateOutcome: null,
  duplicateOf: null,
  warning: null,
  confirmed: { duplicate: false, open: false },
};

/**
 * The recharge as a small state machine. `send` moves to `sending` before its first await, so a
 * second Enter, click or double-click finds the step changed and does nothing: one recharge only.
 */
export const useRechargeStore = create<RechargeState>((set, get) => ({
  step: 'editing',
  form: empty(),
  error: null,
  result: null,
  lost: null,
  sendingSince: null,
  focus: null,
  payment: CASH,
  account: null,
  ...NO_WARNING,
  setAccount(account) {
    const { step } = get();
    if (step === 'confirming' || step === 'duplicate') set({ account });
  },
  setPayment(patch) {
    const { step, payment } = get();
    if (step !== 'confirming' && step !== 'duplicate') return;
    const next = { ...payment, ...patch };
    const saleRef =
      next.method === 'upi' || next.method === 'split'
        ? (payment.saleRef ?? newSaleRef(crypto.getRandomValues(new Uint8Array(11))))
        : payment.saleRef;
    set({ payment: { ...next, saleRef } });
  },
  setForm(patch) {
    if (get().step !== 'editing') return;
    const form = get().form;
    // A number changed other than by typing on is another customer: the operator chosen for the
    // number before does not carry over (it sent a Jio regular's operator to an Airtel regular).
    // The new number's own last operator is preselected once it is complete; until then, none.
    const otherNumber = patch.number !== undefined && !patch.number.startsWith(form.number);
    const operator = otherNumber && patch.operator === undefined ? { operator: null } : {};
    set({ form: { ...form, ...patch, ...operator }, error: null });
  },
  confirm() {
    if (get().step === 'editing') set({ step: 'confirming', error: null });
  },
  back() {
    const step = get().step;
    if (step === 'confirming' || step === 'duplicate') set({ step: 'editing', focus: 'amount', account: null, ...NO_WARNING });
  },
  async send(desk, options = {}) {
    const { step, form, warning } = get();
    if (step !== 'confirming' && step !== 'duplicate') return;
    // Pressing send on a warning confirms that warning, and only that one.
    const confirmed = {
      duplicate: get().confirmed.duplicate || (step === 'duplicate' && (warning === 'duplicate' || warning === 'shop')),
      open: get().confirmed.open || (step === 'duplicate' && warning === 'open'),
    };
    set({ step: 'sending', confirmed, sendingSince: Date.now() });
    const r = await desk.recharge.submit({
      number: form.number,
      operator: form.operator ?? '',
      amount: Number(form.amount),
      confirmDuplicate: confirmed.duplicate,
      confirmOpen: confirmed.open,
      confirmMobileOnDth: options.confirmMobileOnDth === true,
      // Only "send on credit anyway" adds it: every other request is the same as before the core held the limit.
      ...(options.confirmOverLimit === true ? { confirmOverLimit: true } : {}),
      // Cash is the default: a cash sale's request is the same as before payments were kept.
      ...(get().payment.method === 'cash' ? {} : { payment: paymentRequest(get().payment) }),
      // Only a pick changes the request: with routing off it is the same as before routing.
      ...(get().account === null ? {} : { accountId: get().account! }),
    });
    if (r.ok) return set({ step: 'done', result: r.data, sendingSince: null, warning: null, confirmed: { duplicate: false, open: false } });
    if (UNSURE_CODES.has(r.error.code)) return set({ step: 'done', lost: r.error, sendingSince: null });
    if (r.error.code === 'open_recharge') {
      return set({ step: 'duplicate', warning: 'open', duplicateOutcome: r.error, duplicateOf: r.error.params.txn, sendingSince: null });
    }
    if (r.error.code === 'shop_duplicate') {
      return set({ step: 'duplicate', warning: 'shop', duplicateOutcome: r.error, duplicateOf: r.error.params.txn, sendingSince: null });
    }
    if (r.error.code !== 'duplicate_recent') {
      return set({ step: 'editing', error: r.error, sendingSince: null, warning: null, confirmed: { duplicate: false, open: false } });
    }
    // The warning names the recharge the core matched on number, amount and time, not merely the
    // number's newest one.
    set({ step: 'duplicate', warning: 'duplicate', duplicateOutcome: r.error, duplicateOf: r.error.params.txn, sendingSince: null });
  },
  reset(digits = '') {
    set({
      step: 'editing',
      form: { ...empty(canOnlyBeDth(digits) ? 'dth' : 'mobile'), number: digits },
      error: null,
      result: null,
      lost: null,
      sendingSince: null,
      focus: 'number',
      payment: CASH,
      account: null,
      ...NO_WARNING,
    });
  },
  repeat(txn) {
    const category = findOperator(txn.operator)?.category ?? 'mobile';
    get().reset();
    set({ form: { category, number: txn.number, operator: txn.operator, amount: String(txn.amount / 100) }, focus: 'amount' });
  },
  repeatCustomer(c) {
    const category = (c.operator ? findOperator(c.operator)?.category : undefined) ?? (isMobileNumber(c.number) ? 'mobile' : 'dth');
    const amount = c.usualAmount ?? c.lastAmount;
    get().reset();
    set({ form: { category, number: c.number, operator: c.operator, amount: amount ? String(amount / 100) : '' }, focus: 'amount' });
  },
  backToCounter() {
    set({ focus: 'number' });
  },
  focused() {
    set({ focus: null });
  },
  applyUpdate(txn) {
    const result = get().result;
    if (result && result.txn.refId === txn.refId && txn.updatedAt >= result.txn.updatedAt) set({ result: { ...result, txn } });
  },
}));
