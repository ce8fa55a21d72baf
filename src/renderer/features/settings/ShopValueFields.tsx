import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { asLanguage } from '../../../shared/language';
import type { ShopValueSpec } from '../../../shared/profiles/profile-v2';
import { chosenShopValues, type SetAsideChoice } from '../../../shared/profiles/chosen-shop-values';

interface Props {
  /** What the account's profile lets the shop set; none, no field. */
  specs: readonly ShopValueSpec[];
  /** The choices as the form holds them (saved, or picked since). */
  chosen: Readonly<Record<string, string>> | undefined;
  /** Saved values the profile does not offer, as main read them: said until chosen again. */
  setAside: readonly SetAsideChoice[];
  idPrefix: string;
  onChange: (name: string, value: string) => void;
  /** Laid out as a routing account's small fields, not as the account card's. */
  compact?: boolean;
}

/**
 * One choice per value the profile lets the shop set (its circle), worded in the screen's
 * language. A saved value the profile does not offer shows the default that is sent in its place,
 * and says so, until the owner picks one.
 */
export function ShopValueFields({ specs, chosen, setAside, idPrefix, onChange, compact = false }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const shown = chosenShopValues(specs, chosen).values;
  return (
    <>
      {specs.map((spec) => {
        const id = `${idPrefix}-shop-${spec.name}`;
        const aside = setAside.find((a) => a.name === spec.name && a.saved === chosen?.[spec.name]);
        const hint = aside ? (
          <span role="alert" className="shop-value-aside">
            {t('settings.shopValueSetAside', { saved: aside.saved, sent: aside.sent[lang] })}
          </span>
        ) : (
          t('settings.shopValueHint')
        );
        const select = (
          <select
            id={id}
            className={compact ? undefined : 'input-text'}
            value={shown[spec.name] ?? ''}
            onChange={(e) => onChange(spec.name, e.target.value)}
            aria-describedby={`${id}-hint`}
          >
            {spec.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label[lang]}
              </option>
            ))}
          </select>
        );
        // A routing account's card: one cell of its grid, worded small like its other fields.
        return compact ? (
          <div key={spec.name} className="filter">
            <label htmlFor={id}>{spec.label[lang]}</label>
            {select}
            <span id={`${id}-hint`} className="field-hint">
              {hint}
            </span>
          </div>
        ) : (
          <Field key={spec.name} id={id} label={spec.label[lang]} hint={hint}>
            {select}
          </Field>
        );
      })}
    </>
  );
}
