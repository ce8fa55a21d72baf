import { useTranslation } from 'react-i18next';
import { forDisplay } from '../../shared/display-text';

/** The provider's own words, marked as English and untranslated, cut for display. */
export function ProviderWords({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <p className="provider-words">
      {t('result.providerSaid')}{' '}
      <q translate="no" lang="en">
        {forDisplay(message)}
      </q>
    </p>
  );
}
