import { useEffect } from 'react';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { useBalanceStore } from '../stores/balance-store';
import { useOpenTxnsStore } from '../stores/open-txns-store';
import { openTotal } from '../stores/open-money';

const SETTLE_MS = 3_000;

/**
 * When the open recharges change, ask the provider for the wallet again (once things settle), so
 * its "on hold" figure is not left from before the last recharge was accepted or settled.
 */
export function useLienRefresh(desk: DeskApi): void {
  const key = useOpenTxnsStore((s) => {
    const { count, amount } = openTotal(s.open);
    return `${count}:${amount}`;
  });
  useEffect(() => {
    if (key === '0:0' && useBalanceStore.getState().balance?.lien === 0) return;
    const timer = setTimeout(() => {
      const b = useBalanceStore.getState();
      if (b.online && !b.refreshing) void b.refresh(desk);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, desk]);
}
