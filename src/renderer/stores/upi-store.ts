import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { Sale, UnreceivedSale } from '../../shared/payment/payment';
import type { IpcError } from '../../shared/result';

export interface UpiState {
  /** UPI sales not yet marked received, newest first (a short list beside the open tray). */
  items: UnreceivedSale[];
  error: IpcError | null;
  load(desk: DeskApi): Promise<void>;
  /** Marks a sale's UPI part received; answers the sale as now kept, or null when refused (the error is kept). */
  markReceived(desk: DeskApi, refId: string): Promise<Sale | null>;
}

export const useUpiStore = create<UpiState>((set, get) => ({
  items: [],
  error: null,
  async load(desk) {
    const r = await desk.sale.unreceived();
    if (r.ok) set({ items: r.data.items, error: null });
  },
  async markReceived(desk, refId) {
    const r = await desk.sale.markReceived({ refId });
    if (!r.ok) {
      set({ error: r.error });
      return null;
    }
    set({ items: get().items.filter((s) => s.refId !== refId), error: null });
    return r.data.sale;
  },
}));
