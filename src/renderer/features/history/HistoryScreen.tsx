import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { useHistoryStore } from '../../stores/history-store';
import { useBalanceStore } from '../../stores/balance-store';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { TxnDetails } from './TxnDetails';

export function HistoryScreen({ desk, mode, onRepeat }: { desk: DeskApi; mode: 'demo' | 'live'; onRepeat: (txn: TxnView) => void }) {
  const { t } = useTranslation();
  const { reload, selected, select, applyUpdate } = useHistoryStore();
  const online = useBalanceStore((s) => s.online);
  useEffect(() => {
    void reload(desk);
    return desk.on('txn:updated', ({ txn }) => applyUpdate(txn));
  }, [desk, reload, applyUpdate]);
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('nav.history')}</h2>
      {!online && mode === 'live' && (
        <p role="status" className="banner-local">
          {t('history.local')}
        </p>
      )}
      <HistoryFilters desk={desk} />
      <div className="history-body">
        <HistoryList desk={desk} />
        {selected && (
          <TxnDetails desk={desk} detail={selected} onRepeat={onRepeat} onChanged={() => void select(desk, selected.txn.refId)} />
        )}
      </div>
    </section>
  );
}
