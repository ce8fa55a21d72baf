import type { IpcError } from '../../shared/result';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/setup';

/** A failure main reported, in the screen's language from the one catalogue; nothing when there is none. */
export function ErrorBanner({ error }: { error: IpcError | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="error-banner">
      {errorText(t, error)}
    </p>
  );
}
