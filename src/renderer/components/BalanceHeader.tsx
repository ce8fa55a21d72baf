import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { useBalanceStore } from '../stores/balance-store';
import { useOpenTxnsStore } from '../stores/open-txns-store';
import { openTotal } from '../stores/open-money';
import { useAge } from '../hooks/use-age';
import { useFormat } from '../hooks/use-format';
import { OutcomeText } from './OutcomeText';
import { Money } from './Money';
import { Fact } from './Fact';
import { isPlausibleBalance } from '../../shared/money';

/**
 * The wallet with its age, and an honest "on hold": what this counter has open (from the open
 * recharges, live) beside what the provider last said it holds, each labelled as what it is.
 */
export function BalanceHeader({ desk, mode }: { desk: DeskApi; mode: 'demo' | 'live' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { balance, online, offlineSince, refreshing, refresh, error } = useBalanceStore();
  const open = useOpenTxnsStore((s) => s.open);
  const submitting = useOpenTxnsStore((s) => s.submitting);
  const held = openTotal([...submitting, ...open]);
  // While the open list comes in page by page its total is partial: say nothing rather than too little.
  const heldKnown = useOpenTxnsStore((s) => s.loaded);
  const age = useAge(balance?.at);
  const connection = online ? 'live' : 'offline';
  const rejected = online && error && error.code !== 'provider_unreachable';
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
        <Fact label={heldKnown ? t('header.openHeld', { count: held.count }) : t('header.openHeldCounting')}>
          <Money value={heldKnown ? held.amount : undefined} />
        </Fact>
        <Fact label={t('header.providerLien')}>
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
      {!online ? (
        <span className="connection connection-offline" role="status">
          <span aria-hidden="true">✕ </span>
          {offlineSince ? t('header.offlineSince', { time: f.time(offlineSince) }) : t('header.offline')}
        </span>
      ) : (
        // In demo mode the demo badge already says where recharges go.
        mode === 'live' && (
          <span className={`connection connection-${connection}`} role="status" aria-label={t('header.live')}>
            <span aria-hidden="true">●</span> {t('header.live')}
          </span>
        )
      )}
      {rejected && (
        <span className="connection connection-offline" role="alert">
          <OutcomeText outcome={error} />
        </span>
      )}
    </div>
  );
}
