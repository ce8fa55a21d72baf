import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { Sale, ToGiveBack } from '../../shared/payment/payment';
import type { SettleChoice } from '../../shared/payment/payment-parts';
import type { IpcError } from '../../shared/result';
import { customerGotNothing } from '../../shared/money-law/status-money';
import { useUpiStore } from './upi-store';
import { UPI_NEVER_CAME } from '../../shared/money-law/split-not-paid';

export interface GiveBackState {
  /** Failed or refunded sales whose paid part is still with the shop, newest failure first. */
  items: ToGiveBack[];
  error: IpcError | null;
  load(desk: DeskApi): Promise<void>;
  /** Reads the list again whenever a recharge fails or is refunded, from any window; returns the unsubscribe. */
  connect(desk: DeskApi): () => void;
  /** Records what the shopkeeper did; answers the sale as now kept, or null when refused (the error is kept). */
  settle(desk: DeskApi, refId: string, choice: SettleChoice): Promise<Sale | null>;
}

export const useGiveBackStore = create<GiveBackState>((set, get) => ({
  items: [],
  error: null,
  async load(desk) {
    const r = await desk.sale.toGiveBack();
    if (r.ok) set({ items: r.data.items });
  },
  connect(desk) {
    void get().load(desk);
    return desk.on('txn:updated', ({ txn }) => {
      if (customerGotNothing(txn.status)) void get().load(desk);
    });
  },
  async settle(desk, refId, choice) {
    const r = await desk.sale.settle({ refId, choice });
    if (!r.ok) {
      set({ error: r.error });
      return null;
    }
    set({ items: get().items.filter((s) => s.refId !== refId), error: null });
    // Not paid: its UPI is no longer to look for in the UPI app either.
    if (UPI_NEVER_CAME.includes(choice)) void useUpiStore.getState().load(desk);
    return r.data.sale;
  },
}));
