import { useEffect, useState } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';

export type ShopScope = 'counter' | 'shop';

/**
 * Whether a shared shop ledger is set (issue 16), and since when it has been unreachable, so a
 * screen offers "This counter / Whole shop" only where there is a whole shop to show.
 */
export function useShopStatus(desk: DeskApi): { offlineSince: number | null } | null {
  const [shop, setShop] = useState<{ offlineSince: number | null } | null>(null);
  useEffect(() => {
    let live = true;
    void desk.shop.status().then((r) => live && r.ok && setShop(r.data.configured ? { offlineSince: r.data.offlineSince } : null));
    return () => {
      live = false;
    };
  }, [desk]);
  return shop;
}
