import { useTranslation } from 'react-i18next';

export function ModeBadge({ mode }: { mode: 'demo' | 'live' }) {
  const { t } = useTranslation();
  return (
    <span className={`mode-badge mode-${mode}`} role="status" aria-label={t(`mode.${mode}`)}>
      <span aria-hidden="true">{mode === 'demo' ? '●' : '◆'}</span> {t(`mode.${mode}`)}
    </span>
  );
}
