import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import { isFinal } from '../../shared/status';

export interface Toast {
  id: number;
  txn: TxnView;
}

export interface OpenTxnsState {
  open: TxnView[];
  /** Being sent right now (from any window): not in the tray, but a second send must see them. */
  submitting: TxnView[];
  toasts: Toast[];
  checking: Set<string>;
  connect(desk: DeskApi): () => void;
  checkNow(desk: DeskApi, refId: string): Promise<void>;
  dismiss(id: number): void;
}

let toastId = 0;

/**
 * Transactions still open, live from txn:updated events. When one becomes final it leaves the tray
 * with a toast, so the shopkeeper hears about the customer who already walked away.
 */
export const useOpenTxnsStore = create<OpenTxnsState>((set, get) => ({
  open: [],
  submitting: [],
  toasts: [],
  checking: new Set(),
  connect(desk) {
    // Events may overtake the first txn:open answer: what an event said about a transaction wins.
    const seen = new Map<string, TxnView>();
    void desk.txn.open().then((r) => {
      if (!r.ok) return;
      const fromList = r.data.items.filter((t) => !seen.has(t.refId));
      const fromEvents = [...seen.values()].filter((t) => !isFinal(t.status) && t.status !== 'Submitting');
      set({ open: [...fromList, ...fromEvents].sort((a, b) => b.createdAt - a.createdAt) });
    });
    return desk.on('txn:updated', ({ txn }) => {
      seen.set(txn.refId, txn);
      const wasOpen = get().open.some((t) => t.refId === txn.refId);
      const submitting = get().submitting.filter((t) => t.refId !== txn.refId);
      // A recharge being sent is on the counter's own screen; the tray is for those left to check.
      if (txn.status === 'Submitting' && !wasOpen) return set({ submitting: [txn, ...submitting] });
      if (submitting.length !== get().submitting.length) set({ submitting });
      if (!isFinal(txn.status)) {
        set({ open: [txn, ...get().open.filter((t) => t.refId !== txn.refId)].sort((a, b) => b.createdAt - a.createdAt) });
      } else {
        set({
          open: get().open.filter((t) => t.refId !== txn.refId),
          // A refund has its own notice that stays until dismissed (money came back).
          toasts: wasOpen && txn.status !== 'Refunded' ? [...get().toasts, { id: ++toastId, txn }] : get().toasts,
        });
      }
    });
  },
  async checkNow(desk, refId) {
    set({ checking: new Set([...get().checking, refId]) });
    await desk.txn.check({ refId });
    const next = new Set(get().checking);
    next.delete(refId);
    set({ checking: next });
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));
