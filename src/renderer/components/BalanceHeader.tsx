import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { useBalanceStore } from '../stores/balance-store';
import { useOpenTxnsStore } from '../stores/open-txns-store';
import { openTotal } from '../stores/open-money';
import { useAge } from '../hooks/use-age';
import { useFormat } from '../hooks/use-format';
import { useClosingDetails } from '../hooks/use-closing-details';
import { Money } from './Money';
import { Fact } from './Fact';
import { isPlausibleBalance } from '../../shared/money';
import { refusedByProvider } from '../stores/balance-refusal';
import { useAccountsStore } from '../stores/accounts-store';
import { useRechargeStore } from '../stores/recharge-store';
import { FIRST_ACCOUNT_ID } from '../../shared/routing/single-account';
import { useHeaderAccount } from './use-header-account';
import { errorText } from '../i18n/setup';

/**
 * The wallet with its age and one "on hold": what this counter has open (from the open recharges,
 * live). The provider's own figures (its hold, a seller balance) lag or mean something else, so
 * they wait in the details, each said in plain words.
 */
export function BalanceHeader({ desk, mode }: { desk: DeskApi; mode: 'demo' | 'live' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const detailsRef = useClosingDetails();
  const { balance, online, unreachable, offlineSince, refreshing, refresh } = useBalanceStore();
  const refused = useBalanceStore(refusedByProvider);
  const note = useBalanceStore((s) => s.note);
  const open = useOpenTxnsStore((s) => s.open);
  const submitting = useOpenTxnsStore((s) => s.submitting);
  const held = openTotal([...submitting, ...open]);
  // While the open list comes in page by page its total is partial: say nothing rather than too little.
  const heldKnown = useOpenTxnsStore((s) => s.loaded);
  const wallets = useAccountsStore((s) => s.wallets);
  const form = useRechargeStore((s) => s.form);
  // Several accounts (issue 29): the wallet of the account the typed operator goes to first.
  const account = useHeaderAccount(desk, wallets, form.operator, form.amount);
  const other = account && account.id !== FIRST_ACCOUNT_ID ? account : null;
  const shown = other ? (other.balance ?? undefined) : balance?.buyer;
  const age = useAge(other ? other.at : balance?.at);
  const refreshWallets = useAccountsStore((s) => s.refreshWallets);
  // With several accounts, Refresh reads every account's wallet, the one shown included.
  const refreshAll = () => Promise.all([refresh(desk), account ? refreshWallets(desk) : undefined]);
  // A seller balance belongs to shops that sell the provider's services on; at zero it says nothing.
  const seller = balance?.seller ? balance.seller : null;
  return (
    <div className="balance-header">
      <div className="balance-main" aria-live="polite" data-account={account?.id}>
        <span className="balance-label">
          {t('header.balance')}
          {account && (
            <>
              {' · '}
              <span translate="no" className="balance-account">
                {account.name}
              </span>
            </>
          )}
        </span>
        <Money className="balance-amount" value={shown} />
        <span className="balance-age">{age ? t('header.updated', { age }) : t('header.never')}</span>
        {note && !other && (
          <span className="balance-note" role="note" data-testid="balance-note">
            {errorText(t, note)}
          </span>
        )}
        {shown !== undefined && !isPlausibleBalance(shown) && (
          <span className="balance-odd" role="note">
            <span aria-hidden="true">⚠ </span>
            {t('header.oddBalance')}
          </span>
        )}
      </div>
      <dl className="balance-minor">
        <Fact label={t('header.onHold')}>
          <Money className="held-amount" value={heldKnown ? held.amount : undefined} />
          <span className="held-count">{heldKnown ? t('header.openHeld', { count: held.count }) : t('header.openHeldCounting')}</span>
        </Fact>
      </dl>
      <details ref={detailsRef} className="balance-details">
        <summary>{t('header.details')}</summary>
        <div className="balance-details-panel">
          {account && wallets && (
            <>
              <p className="balance-explain">{t('header.accounts')}</p>
              <dl className="balance-accounts">
                {wallets.accounts.map((a) => (
                  <div key={a.id} data-account={a.id}>
                    <dt translate="no">{a.name}</dt>
                    <dd>{a.balance === null ? t('header.notRead') : <Money value={a.balance} />}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          <dl>
            <Fact label={t('header.providerLien')}>
              <Money value={balance?.lien} />
            </Fact>
          </dl>
          <p className="balance-explain">{t('header.providerLienExplain')}</p>
          {seller !== null && (
            <>
              <dl>
                <Fact label={t('header.seller')}>
                  <Money value={seller} />
                </Fact>
              </dl>
              <p className="balance-explain">{t('header.sellerExplain')}</p>
            </>
          )}
        </div>
      </details>
      <button type="button" className="button-quiet balance-refresh" onClick={() => void refreshAll()} disabled={refreshing}>
        <span aria-hidden="true">⟳ </span>
        {refreshing ? t('header.refreshing') : t('header.refresh')}
      </button>
      {!online ? (
        <span className="connection connection-offline" role="status">
          <span aria-hidden="true">✕ </span>
          {offlineSince ? t('header.offlineSince', { time: f.time(offlineSince) }) : t('header.offline')}
        </span>
      ) : unreachable.length > 0 ? (
        // Routing on: one account down, the counter still sells through the others.
        <span className="connection connection-offline" role="status" data-testid="unreachable-accounts">
          <span aria-hidden="true">✕ </span>
          {t('header.unreachable', { names: unreachable.join(', ') })}
        </span>
      ) : refused ? (
        // The provider answered, with a no: not "Live". The reason is in the banner under the nav.
        <span className="connection connection-offline" role="status">
          <span aria-hidden="true">✕ </span>
          {t('header.refused')}
        </span>
      ) : (
        // In demo mode the demo badge already says where recharges go.
        mode === 'live' && (
          <span className="connection connection-live" role="status" aria-label={t('header.live')}>
            <span aria-hidden="true">●</span> {t('header.live')}
          </span>
        )
      )}
    </div>
  );
}
