import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { OperatorCategory } from '../../shared/operators';

export type Step = 'editing' | 'confirming' | 'duplicate' | 'sending' | 'done';
type SubmitAnswer = ResponseOf<'recharge:submit'>;

export interface RechargeForm {
  category: OperatorCategory;
  number: string;
  operator: string | null;
  amount: string;
}

export interface RechargeState {
  step: Step;
  form: RechargeForm;
  /** An error that kept the recharge from being sent (nothing was charged). */
  error: { code: string; message: string } | null;
  duplicateMessage: string | null;
  /** Which second confirmations the shopkeeper has given for this recharge (repeat, open one). */
  confirmed: { duplicate: boolean; open: boolean };
  /** Which warning the repeat dialog shows now. */
  warning: 'duplicate' | 'open' | null;
  result: SubmitAnswer | null;
  /** The result card follows its transaction (a refund after success shows on it). */
  applyUpdate(txn: SubmitAnswer['txn']): void;
  setForm(patch: Partial<RechargeForm>): void;
  confirm(): void;
  back(): void;
  send(desk: DeskApi): Promise<void>;
  reset(keepCategory?: boolean): void;
}

const empty = (category: OperatorCategory = 'mobile'): RechargeForm => ({ category, number: '', operator: null, amount: '' });

/**
 * The recharge as a small state machine. `send` moves to `sending` before its first await, so a
 * second Enter, click or double-click finds the step changed and does nothing: one recharge only.
 */
export const useRechargeStore = create<RechargeState>((set, get) => ({
  step: 'editing',
  form: empty(),
  error: null,
  duplicateMessage: null,
  confirmed: { duplicate: false, open: false },
  warning: null,
  result: null,
  applyUpdate(txn) {
    const result = get().result;
    if (result && result.txn.refId === txn.refId) set({ result: { ...result, txn } });
  },
  setForm(patch) {
    if (get().step !== 'editing') return;
    set({ form: { ...get().form, ...patch }, error: null });
  },
  confirm() {
    if (get().step === 'editing') set({ step: 'confirming', error: null });
  },
  back() {
    const step = get().step;
    if (step === 'confirming' || step === 'duplicate')
      set({ step: 'editing', duplicateMessage: null, warning: null, confirmed: { duplicate: false, open: false } });
  },
  async send(desk) {
    const { step, form, warning } = get();
    if (step !== 'confirming' && step !== 'duplicate') return;
    // Pressing send on a warning confirms that warning, and only that one.
    const confirmed = {
      duplicate: get().confirmed.duplicate || (step === 'duplicate' && warning === 'duplicate'),
      open: get().confirmed.open || (step === 'duplicate' && warning === 'open'),
    };
    set({ step: 'sending', confirmed });
    const r = await desk.recharge.submit({
      number: form.number,
      operator: form.operator ?? '',
      amount: Number(form.amount),
      confirmDuplicate: confirmed.duplicate,
      confirmOpen: confirmed.open,
    });
    if (r.ok) set({ step: 'done', result: r.data, warning: null, confirmed: { duplicate: false, open: false } });
    else if (r.error.code === 'duplicate_recent') set({ step: 'duplicate', warning: 'duplicate', duplicateMessage: r.error.message });
    else if (r.error.code === 'open_recharge') set({ step: 'duplicate', warning: 'open', duplicateMessage: r.error.message });
    else set({ step: 'editing', error: r.error, warning: null, confirmed: { duplicate: false, open: false } });
  },
  reset(keepCategory = true) {
    set({
      step: 'editing',
      form: empty(keepCategory ? get().form.category : 'mobile'),
      error: null,
      duplicateMessage: null,
      warning: null,
      confirmed: { duplicate: false, open: false },
      result: null,
    });
  },
}));
