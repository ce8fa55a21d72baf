import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';

type Balance = NonNullable<ResponseOf<'balance:get'>['balance']>;

/** While the provider cannot be reached, the balance is asked for again this often, by itself. */
const OFFLINE_RETRY_MS = 30_000;

export interface BalanceState {
  balance: Balance | null;
  online: boolean;
  /** When the provider was first found unreachable in this spell; null while it answers. */
  offlineSince: number | null;
  refreshing: boolean;
  error: IpcError | null;
  connect(desk: DeskApi, retryMs?: number): () => void;
  refresh(desk: DeskApi): Promise<void>;
  setOnline(online: boolean): void;
}

/** The wallet as last known, kept current by events; a refresh asks the provider. */
export const useBalanceStore = create<BalanceState>((set, get) => ({
  balance: null,
  online: true,
  offlineSince: null,
  refreshing: false,
  error: null,
  setOnline(online) {
    if (online) set({ online: true, offlineSince: null });
    else set({ online: false, offlineSince: get().offlineSince ?? Date.now() });
  },
  connect(desk, retryMs = OFFLINE_RETRY_MS) {
    // A new session (another account, or demo to live) starts without the last one's refusal.
    set({ error: null });
    void desk.balance.get().then((r) => {
      if (!r.ok) return;
      // Refused before this window opened (at start, say): shown as refused, not "Live".
      set({ balance: r.data.balance, error: r.data.refused ?? null });
      get().setOnline(r.data.online);
    });
    const offBalance = desk.on('balance:updated', ({ balance }) => set({ balance, error: null }));
    const offConnection = desk.on('connection:changed', ({ online }) => get().setOnline(online));
    // Recover by itself: a shopkeeper should not have to find the refresh button after an outage.
    const retry = setInterval(() => {
      if (!get().online && !get().refreshing) void get().refresh(desk);
    }, retryMs);
    return () => {
      offBalance();
      offConnection();
      clearInterval(retry);
    };
  },
  async refresh(desk) {
    set({ refreshing: true });
    const r = await desk.balance.refresh();
    if (r.ok) {
      set({ balance: r.data.balance, refreshing: false, error: null });
      get().setOnline(true);
      return;
    }
    set({ refreshing: false, error: r.error });
    if (r.error.code === 'provider_unreachable' || r.error.code === 'transport') get().setOnline(false);
  },
}));
