import { useTranslation } from 'react-i18next';
import { formatInr, paise } from '../../../shared/money';
import type { WalletStatement as Statement } from '../../../shared/report-schemas';
import { MAX_WALLET_READINGS } from '../../../shared/field-limits';
import { istDate } from '../../../shared/ist-date';
import { fmtFor } from '../../../shared/words/word-kit';
import { asLanguage } from '../../../shared/language';
import { Money } from '../../components/Money';

/** Balance readings and the movement between each pair: what the wallet did on these dates. */
export function WalletStatement({ wallet, from }: { wallet: Statement; from: string }) {
  const { t, i18n } = useTranslation();
  const f = fmtFor(asLanguage(i18n.language));
  return (
    <section className="report-wallet" aria-labelledby="wallet-title">
      <h3 id="wallet-title">{t('reports.wallet.title')}</h3>
      <p>
        {wallet.opening
          ? t('reports.wallet.opening', { date: f.day(from), amount: formatInr(paise(wallet.opening.buyer)) })
          : t('reports.wallet.noOpening')}
      </p>
      {wallet.truncated && <p className="warning">{t('reports.wallet.truncated', { count: MAX_WALLET_READINGS })}</p>}
      {wallet.readings.length === 0 ? (
        <p>{t('reports.wallet.empty')}</p>
      ) : (
        // Focusable so the readings can be scrolled from the keyboard, as every other part of the app.
        <div className="report-wallet-scroll" tabIndex={0} role="region" aria-labelledby="wallet-title">
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">{t('reports.wallet.when')}</th>
                <th scope="col">{t('reports.wallet.balance')}</th>
                <th scope="col">{t('reports.wallet.change')}</th>
                <th scope="col">{t('reports.wallet.sent')}</th>
                <th scope="col">{t('reports.wallet.source')}</th>
              </tr>
            </thead>
            <tbody>
              {wallet.readings.map((r, i) => (
                <tr key={`${r.at}-${i}`}>
                  <td>
                    {f.day(istDate(r.at))} {f.time(r.at)}
                  </td>
                  <td>
                    <Money value={r.buyer} />
                  </td>
                  <td className={r.change !== null && r.change < 0 ? 'tone-bad' : undefined}>
                    {r.change === null ? '—' : `${r.change > 0 ? '+' : ''}${formatInr(paise(r.change))}`}
                  </td>
                  <td>
                    {r.sent.count === 0 ? '—' : `${t('reports.count', { count: r.sent.count })} · ${formatInr(paise(r.sent.amount))}`}
                  </td>
                  <td>{t(`reports.wallet.sources.${r.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
