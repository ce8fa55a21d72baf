import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/setup';

/** A failure main reported, in the screen's language (main's own words for a code without texts); nothing when there is none. */
export function ErrorBanner({ error }: { error: { code: string; message: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="error-banner">
      {errorText(t, error.code, error.message)}
    </p>
  );
}
