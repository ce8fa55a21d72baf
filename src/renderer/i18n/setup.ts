import i18next, { type i18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { hi } from './hi';
import type { Language } from '../../shared/language';

/** One i18next instance per page; resources are bundled so the first paint needs no fetch. */
export function createI18n(language: Language = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, hi: { translation: hi } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // Screen readers and font selection follow the page language.
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return instance;
}

/** Translates an IPC error code, falling back to the main process's own English message. */
export function errorText(t: TFunction, code: string, fallback: string): string {
  return t(`errors.${code}`, { defaultValue: fallback });
}
