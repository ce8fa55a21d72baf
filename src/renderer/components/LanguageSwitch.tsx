import { useTranslation } from 'react-i18next';
import { asLanguage, LANGUAGES, type Language } from '../../shared/language';

/** Each language by its own name, whatever the screen's language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The one language picker, in the navigation row and in Settings (each with its own look, by
 * `className`). The screen changes at once; `onChosen` keeps the choice for the next start.
 */
export function LanguageSwitch({ id, className, onChosen }: { id?: string; className: string; onChosen: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={className} htmlFor={id}>
      <span>{t('shell.language')}</span>
      <select
        id={id}
        value={asLanguage(i18n.language)}
        onChange={(e) => {
          const language = asLanguage(e.target.value);
          void i18n.changeLanguage(language);
          onChosen(language);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
