import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { useBalanceStore } from '../stores/balance-store';
import { useAge } from '../hooks/use-age';
import { Money } from './Money';
import { Fact } from './Fact';
import { isPlausibleBalance } from '../../shared/money';

export function BalanceHeader({ desk, mode }: { desk: DeskApi; mode: 'demo' | 'live' }) {
  const { t } = useTranslation();
  const { balance, online, refreshing, refresh } = useBalanceStore();
  const age = useAge(balance?.at);
  const connection = online ? 'live' : 'offline';
  return (
    <div className="balance-header">
      <div className="balance-main" aria-live="polite">
        <span className="balance-label">{t('header.balance')}</span>
        <Money className="balance-amount" value={balance?.buyer} />
        <span className="balance-age">{age ? t('header.updated', { age }) : t('header.never')}</span>
        {balance && !isPlausibleBalance(balance.buyer) && (
          <span className="balance-odd" role="note">
            <span aria-hidden="true">⚠ </span>
            {t('header.oddBalance')}
          </span>
        )}
      </div>
      <dl className="balance-minor">
        <Fact label={t('header.lien')}>
          <Money value={balance?.lien} />
        </Fact>
        <Fact label={t('header.seller')}>
          <Money value={balance?.seller} />
        </Fact>
      </dl>
      <button type="button" className="button-quiet" onClick={() => void refresh(desk)} disabled={refreshing}>
        <span aria-hidden="true">⟳ </span>
        {refreshing ? t('header.refreshing') : t('header.refresh')}
      </button>
      {/* In demo mode the demo badge already says where recharges go. */}
      {mode === 'live' && (
        <span className={`connection connection-${connection}`} role="status" aria-label={t(`header.${connection}`)}>
          <span aria-hidden="true">{connection === 'offline' ? '✕' : '●'}</span> {t(`header.${connection}`)}
        </span>
      )}
    </div>
  );
}
