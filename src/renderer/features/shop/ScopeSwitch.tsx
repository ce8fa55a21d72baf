import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/use-format';
import type { ShopScope } from './use-shop-status';

/** "This counter / Whole shop", and the shop ledger's offline line when the whole shop is shown. */
export function ScopeSwitch({
  scope,
  onChange,
  offlineSince,
}: {
  scope: ShopScope;
  onChange: (scope: ShopScope) => void;
  offlineSince: number | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      <div className="scope-switch" role="radiogroup" aria-label={t('history.scope')}>
        {(['counter', 'shop'] as const).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={scope === s} onClick={() => onChange(s)}>
            {t(s === 'counter' ? 'history.scopeCounter' : 'history.scopeShop')}
          </button>
        ))}
      </div>
      {scope === 'shop' && offlineSince !== null && (
        <p role="status" className="banner-local">
          {t('history.shopOffline', { since: f.time(offlineSince) })}
        </p>
      )}
    </>
  );
}
