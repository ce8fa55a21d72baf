import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';

type Balance = NonNullable<ResponseOf<'balance:get'>['balance']>;

export interface BalanceState {
  balance: Balance | null;
  online: boolean;
  refreshing: boolean;
  error: { code: string; message: string } | null;
  connect(desk: DeskApi): () => void;
  refresh(desk: DeskApi): Promise<void>;
}

/** The wallet as last known, kept current by events; a refresh asks the provider. */
export const useBalanceStore = create<BalanceState>((set, get) => ({
  balance: null,
  online: true,
  refreshing: false,
  error: null,
  connect(desk) {
    void desk.balance.get().then((r) => r.ok && set({ balance: r.data.balance, online: r.data.online }));
    const offBalance = desk.on('balance:updated', ({ balance }) => set({ balance, error: null }));
    const offConnection = desk.on('connection:changed', ({ online }) => set({ online }));
    return () => {
      offBalance();
      offConnection();
    };
  },
  async refresh(desk) {
    set({ refreshing: true });
    const r = await desk.balance.refresh();
    if (r.ok) set({ balance: r.data.balance, refreshing: false, error: null, online: true });
    else set({ refreshing: false, error: r.error, online: r.error.code === 'provider_unreachable' ? false : get().online });
  },
}));
