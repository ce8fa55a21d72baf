/**
 * The languages the counter speaks, declared once. Plain values, no zod: the window's first script
 * reads them (see field-limits.ts). Their schema is `languageSchema` in settings-schema.ts.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A language tag from elsewhere (i18next's, a stored setting) as one of ours: anything else is English. */
export function asLanguage(lang: string): Language {
  return lang === 'hi' ? 'hi' : 'en';
}
