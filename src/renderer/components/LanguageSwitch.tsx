import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { LANGUAGES, type Language } from '../../shared/language';

const NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', hi: 'हिन्दी' };

export function LanguageSwitch({ desk }: { desk: DeskApi }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switch">
      <span>{t('shell.language')}</span>
      <select
        value={i18n.language}
        onChange={(e) => {
          const language = e.target.value as Language;
          void i18n.changeLanguage(language);
          // Remembered for the next start; the screen has already changed.
          void desk.settings.update({ language });
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
