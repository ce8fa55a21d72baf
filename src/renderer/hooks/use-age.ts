import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "3 min ago" in the current language, kept fresh while shown. */
export function useAge(at: number | null | undefined): string | null {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (at === null || at === undefined) return null;
  const minutes = Math.floor(Math.abs(now - at) / 60_000);
  if (minutes < 1) return t('age.now');
  if (minutes < 60) return t('age.minutes', { count: minutes });
  if (minutes < 48 * 60) return t('age.hours', { count: Math.floor(minutes / 60) });
  return t('age.days', { count: Math.floor(minutes / 1440) });
}
