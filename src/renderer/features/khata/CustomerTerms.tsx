import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KhataView } from '../../../shared/khata/khata-schemas';
import { OwnerOnly } from '../lock/OwnerOnly';

/** The customer's own credit limit (the owner's) and the language reminders are written in. */
export function CustomerTerms({
  view,
  onLimit,
  onLang,
}: {
  view: KhataView;
  onLimit: (rupees: number | null) => void;
  onLang: (lang: 'en' | 'hi' | null) => void;
}) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(view.ownLimit === null ? '' : String(view.ownLimit / 100));
  return (
    <div className="khata-terms">
      <label className="filter">
        <span>{t('khata.lang.label')}</span>
        <select
          id="khata-lang"
          value={view.lang ?? ''}
          onChange={(e) => onLang(e.target.value === 'en' || e.target.value === 'hi' ? e.target.value : null)}
        >
          <option value="">{t('khata.lang.shop')}</option>
          <option value="en">English</option>
          <option value="hi">हिन्दी</option>
        </select>
      </label>
      <OwnerOnly>
        <form
          className="khata-own-limit"
          onSubmit={(e) => {
            e.preventDefault();
            onLimit(/^\d+$/.test(limit) ? Number(limit) : -1);
          }}
        >
          <label className="filter">
            <span>{t('khata.ownLimit.label')}</span>
            <input id="khata-own-limit" inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value.trim())} />
          </label>
          <button type="submit" className="button-secondary">
            {t('khata.ownLimit.save')}
          </button>
          {view.ownLimit !== null && (
            <button
              type="button"
              className="button-quiet"
              onClick={() => {
                setLimit('');
                onLimit(null);
              }}
            >
              {t('khata.ownLimit.reset')}
            </button>
          )}
        </form>
      </OwnerOnly>
    </div>
  );
}
