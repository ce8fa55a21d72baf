import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { useHistoryStore } from '../../stores/history-store';
import { useBalanceStore } from '../../stores/balance-store';
import { useFormat } from '../../hooks/use-format';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { TxnDetails } from './TxnDetails';
import { ShopHistoryList } from './ShopHistoryList';
import { ShopTotals } from './ShopTotals';

export function HistoryScreen({ desk, mode, onRepeat }: { desk: DeskApi; mode: 'demo' | 'live'; onRepeat: (txn: TxnView) => void }) {
  const { t } = useTranslation();
  const { reload, selected, select, applyUpdate } = useHistoryStore();
  const online = useBalanceStore((s) => s.online);
  useEffect(() => {
    void reload(desk);
    return desk.on('txn:updated', ({ txn }) => applyUpdate(txn));
  }, [desk, reload, applyUpdate]);
  // With a shared shop ledger set, the owner can see the whole shop (issue 16).
  const [shop, setShop] = useState<{ offlineSince: number | null } | null>(null);
  const [scope, setScope] = useState<'counter' | 'shop'>('counter');
  useEffect(() => {
    void desk.shop.status().then((r) => r.ok && setShop(r.data.configured ? { offlineSince: r.data.offlineSince } : null));
  }, [desk]);
  const f = useFormat();
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('nav.history')}</h2>
      {!online && mode === 'live' && (
        <p role="status" className="banner-local">
          {t('history.local')}
        </p>
      )}
      {shop && (
        <div className="scope-switch" role="radiogroup" aria-label={t('history.scope')}>
          {(['counter', 'shop'] as const).map((s) => (
            <button key={s} type="button" role="radio" aria-checked={scope === s} onClick={() => setScope(s)}>
              {t(s === 'counter' ? 'history.scopeCounter' : 'history.scopeShop')}
            </button>
          ))}
        </div>
      )}
      {shop && scope === 'shop' && shop.offlineSince !== null && (
        <p role="status" className="banner-local">
          {t('history.shopOffline', { since: f.time(shop.offlineSince) })}
        </p>
      )}
      <HistoryFilters desk={desk} />
      {shop && scope === 'shop' && <ShopTotals desk={desk} />}
      <div className={`history-body${shop && scope === 'shop' ? ' is-shop' : ''}`}>
        {shop && scope === 'shop' ? <ShopHistoryList desk={desk} /> : <HistoryList desk={desk} />}
        {scope === 'counter' && selected && (
          <TxnDetails desk={desk} detail={selected} onRepeat={onRepeat} onChanged={() => void select(desk, selected.txn.refId)} />
        )}
      </div>
    </section>
  );
}
