import { Trans } from 'react-i18next';

/**
 * A text whose `<f>…</f>` part stays in Latin letters in every language (a file format's name, a
 * sample GST number): marked translate="no", so neither a browser's translator nor a reader of the
 * Hindi screen takes it for an untranslated word.
 */
export function Latin({ k }: { k: string }) {
  return <Trans i18nKey={k} components={{ f: <span translate="no" /> }} />;
}
