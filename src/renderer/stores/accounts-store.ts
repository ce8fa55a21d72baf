import { create } from 'zustand';
import type { IpcError } from '../../shared/result';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { SaleFlag } from '../../shared/routing/sale-flags';

type Wallets = ResponseOf<'balance:accounts'>;

export interface AccountsState {
  /** Every provider account's wallet as last read (routing off: enabled false, none). */
  wallets: Wallets | null;
  /** Possible double recharges kept in the ledger, seen or not. */
  doubles: SaleFlag[];
  /**
   * Listens for what changes the accounts' wallets and doubles. A routing change (switched on or
   * off, an account added, renamed, resumed, its token typed; by Settings or a move file) reads the
   * accounts again, so the header names the account at once, with no page reload.
   */
  connect(desk: DeskApi): () => void;
  /** Reads every other account's wallet from its provider (the header's Refresh, with several accounts). */
  refreshWallets(desk: DeskApi): Promise<void>;
  /** The owner's "I have checked this": answers the refusal to show (owner_only while locked), or null. */
  markChecked(desk: DeskApi, saleId: string): Promise<IpcError | null>;
}

/**
 * Several provider accounts as the screens need them (issue 29): the accounts' names and wallets
 * (the header, History's rows) and the possible doubles (a mark on both attempts). Both are small
 * answers read from memory and one tiny table; with routing off nothing is asked again.
 */
export const useAccountsStore = create<AccountsState>((set) => {
  const loadWallets = (desk: DeskApi) =>
    void desk.balance.accounts().then((r) => {
      if (r.ok) set({ wallets: r.data });
    });
  const loadDoubles = (desk: DeskApi) =>
    void desk.sale.doubles().then((r) => {
      if (r.ok) set({ doubles: r.data.items });
    });
  return {
    wallets: null,
    doubles: [],
    connect(desk) {
      loadWallets(desk);
      loadDoubles(desk);
      const routed = () => useAccountsStore.getState().wallets?.enabled === true;
      // A reply carries its account's wallet after it: read the wallets again when routing is on.
      const offTxn = desk.on('txn:updated', () => {
        if (routed()) loadWallets(desk);
      });
      const offBalance = desk.on('balance:updated', () => {
        if (routed()) loadWallets(desk);
      });
      const offNotice = desk.on('app:notice', (n) => {
        if (n.outcome.code === 'possible_double_recharge') loadDoubles(desk);
      });
      const offRouting = desk.on('routing:changed', () => loadWallets(desk));
      return () => {
        offTxn();
        offBalance();
        offNotice();
        offRouting();
      };
    },
    async refreshWallets(desk) {
      const r = await desk.balance.accounts({ refresh: true });
      if (r.ok) set({ wallets: r.data });
    },
    async markChecked(desk, saleId) {
      const r = await desk.sale.doubleChecked({ saleId });
      if (!r.ok) return r.error;
      const changed = new Map(r.data.items.map((f) => [f.first.refId, f]));
      set((s) => ({ doubles: s.doubles.map((d) => changed.get(d.first.refId) ?? d) }));
      return null;
    },
  };
});

/** The possible double an attempt is part of (either side), if any. */
export function doubleOf(doubles: readonly SaleFlag[], refId: string): SaleFlag | undefined {
  return doubles.find((d) => d.first.refId === refId || d.second.refId === refId);
}

/** Several accounts route this shop's recharges: only then do screens name an attempt's account. */
export function manyAccounts(wallets: Wallets | null): boolean {
  return wallets?.enabled === true && wallets.accounts.length > 1;
}
