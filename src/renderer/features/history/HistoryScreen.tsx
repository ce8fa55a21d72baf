import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { useHistoryStore } from '../../stores/history-store';
import { useBalanceStore } from '../../stores/balance-store';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { TxnDetails } from './TxnDetails';
import { ShopHistoryList } from './ShopHistoryList';
import { ShopTotals } from '../shop/ShopTotals';
import { ScopeSwitch } from '../shop/ScopeSwitch';
import { useShopStatus, type ShopScope } from '../shop/use-shop-status';
import { shopRange } from './shop-range';

export function HistoryScreen({ desk, mode, onRepeat }: { desk: DeskApi; mode: 'demo' | 'live'; onRepeat: (txn: TxnView) => void }) {
  const { t } = useTranslation();
  const { reload, selected, select, applyUpdate } = useHistoryStore();
  const online = useBalanceStore((s) => s.online);
  useEffect(() => {
    void reload(desk);
    return desk.on('txn:updated', ({ txn }) => applyUpdate(desk, txn));
  }, [desk, reload, applyUpdate]);
  // With a shared shop ledger set, the owner can see the whole shop (issue 16).
  const shop = useShopStatus(desk);
  const [scope, setScope] = useState<ShopScope>('counter');
  const filters = useHistoryStore((s) => s.filters);
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('nav.history')}</h2>
      {!online && mode === 'live' && (
        <p role="status" className="banner-local">
          {t('history.local')}
        </p>
      )}
      {shop && <ScopeSwitch scope={scope} onChange={setScope} offlineSince={shop.offlineSince} />}
      <HistoryFilters desk={desk} />
      {shop && scope === 'shop' && <ShopTotals desk={desk} range={shopRange(filters)} caption={t('history.shopTotals')} />}
      <div className={`history-body${shop && scope === 'shop' ? ' is-shop' : ''}`}>
        {shop && scope === 'shop' ? <ShopHistoryList desk={desk} /> : <HistoryList desk={desk} />}
        {scope === 'counter' && selected && (
          <TxnDetails
            key={selected.txn.refId}
            desk={desk}
            detail={selected}
            onRepeat={onRepeat}
            onChanged={() => void select(desk, selected.txn.refId)}
          />
        )}
      </div>
    </section>
  );
}
