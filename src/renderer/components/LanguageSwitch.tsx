import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/setup';

const NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', hi: 'हिन्दी' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switch">
      <span>{t('shell.language')}</span>
      <select value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
