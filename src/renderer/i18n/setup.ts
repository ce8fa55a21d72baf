import i18next, { type i18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { hi } from './hi';
import type { Outcome } from '../../shared/outcomes/outcome-registry';
import { outcomeText } from '../../shared/words/outcome-text';
import { asLanguage, type Language } from '../../shared/language';

/** One i18next instance per page; resources are bundled so the first paint needs no fetch. */
export function createI18n(language: Language = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, hi: { translation: hi } },
    // A text shown with a value missing is a defect: said on the console (which the e2e tests
    // read), and the raw placeholder is left visible rather than silently dropped.
    missingInterpolationHandler: (text: string, match: RegExpMatchArray) => {
      console.error(`i18n: "${text.slice(0, 80)}" was shown without ${match[0]}`);
      return match[0];
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // Screen readers and font selection follow the page language.
  const mark = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  mark(language);
  instance.on('languageChanged', mark);
  return instance;
}

/**
 * The words for an outcome (an IPC error, a notice) from the one catalogue, in the language `t`
 * speaks: each resource names its own language, so no component has to pass it along.
 */
export function errorText(t: TFunction, o: Outcome): string {
  return outcomeText(asLanguage(t('meta.language')), o);
}
