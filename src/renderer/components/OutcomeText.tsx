import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../../shared/outcomes/outcome-registry';
import { asLanguage } from '../../shared/language';
import { errorText } from '../i18n/setup';

/** The values an outcome carries in Latin script: a provider's words, an OS error code, a path, a ref. */
function latinValues(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (/[A-Za-z]/.test(value)) found.add(value);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) latinValues(v, found);
  }
  return found;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An outcome's words from the catalogue, as `errorText` gives them. On a screen that is not in
 * English, the data the words carry (a provider's reply, an OS error code, a file, a ref, a counter's
 * name) stays as it came and is marked not to be translated, like every other such value on screen.
 */
export function OutcomeText({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const text = errorText(t, outcome);
  if (asLanguage(t('meta.language')) === 'en') return <>{text}</>;
  const values = [...latinValues(outcome.params, new Set())].sort((a, b) => b.length - a.length);
  if (values.length === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${values.map(escapeRegExp).join('|')})`));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? <span translate="no">{part}</span> : part}</Fragment>
      ))}
    </>
  );
}
