import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { Outcome } from '../../shared/outcomes/outcome-registry';

/** The provider's limits and missing calls are said beside the figure, not as a refusal. */
const NOTE_CODES: readonly string[] = ['balance_held_back', 'balance_from_replies'];

type Balance = NonNullable<ResponseOf<'balance:get'>['balance']>;

/** While the provider cannot be reached, the balance is asked for again this often, by itself. */
const OFFLINE_RETRY_MS = 30_000;

export interface BalanceState {
  balance: Balance | null;
  online: boolean;
  /** With routing on, the accounts that cannot be reached now while another still sells (by name). */
  unreachable: string[];
  /** When the provider was first found unreachable in this spell; null while it answers. */
  offlineSince: number | null;
  refreshing: boolean;
  error: IpcError | null;
  /** Why the figure is not a fresh read (issue 36): held back by the provider's limit, or no balance call. */
  note: Outcome | null;
  connect(desk: DeskApi, retryMs?: number): () => void;
  refresh(desk: DeskApi): Promise<void>;
  setOnline(online: boolean, unreachable?: string[]): void;
}

/** The wallet as last known, kept current by events; a refresh asks the provider. */
export const useBalanceStore = create<BalanceState>((set, get) => {
  /** Routing on: the core's word on which accounts answer; routing off: what the first account's refresh found. */
  const connectionFromCore = async (desk: DeskApi, reached: boolean) => {
    const known = await desk.balance.get();
    if (known.ok && known.data.unreachable !== undefined) get().setOnline(known.data.online, known.data.unreachable);
    else get().setOnline(reached);
  };
  return {
    balance: null,
    online: true,
    unreachable: [],
    offlineSince: null,
    refreshing: false,
    error: null,
    note: null,
    setOnline(online, unreachable = []) {
      if (online) set({ online: true, offlineSince: null, unreachable });
      else set({ online: false, offlineSince: get().offlineSince ?? Date.now(), unreachable });
    },
    connect(desk, retryMs = OFFLINE_RETRY_MS) {
      // A new session (another account, or demo to live) starts without the last one's refusal.
      set({ error: null });
      void desk.balance.get().then((r) => {
        if (!r.ok) return;
        // Refused before this window opened (at start, say): shown as refused, not "Live".
        set({ balance: r.data.balance, error: r.data.refused ?? null, note: r.data.note ?? null });
        get().setOnline(r.data.online, r.data.unreachable);
      });
      // A fresh read answers the held-back note; a reply's balance leaves the note standing.
      const offBalance = desk.on('balance:updated', ({ balance }) =>
        set(balance.source === 'balance' ? { balance, error: null, note: null } : { balance, error: null }),
      );
      const offConnection = desk.on('connection:changed', ({ online, unreachable }) => get().setOnline(online, unreachable));
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
        set({ balance: r.data.balance, refreshing: false, error: null, note: r.data.note ?? null });
        // With several accounts, the first account's wallet answering says nothing of the others.
        await connectionFromCore(desk, true);
        return;
      }
      if (NOTE_CODES.includes(r.error.code)) return set({ refreshing: false, note: r.error });
      set({ refreshing: false, error: r.error });
      if (r.error.code === 'transport') return get().setOnline(false);
      if (r.error.code !== 'provider_unreachable') return;
      // With several accounts one unreachable provider does not stop the counter: the core knows which.
      await connectionFromCore(desk, false);
    },
  };
});
