import type { ReactNode } from 'react';
import { LockIcon } from './LockIcon';
import { useTranslation } from 'react-i18next';
import { useLockStore } from '../../stores/lock-store';

/**
 * Shows the owner's controls locked while staff is at the counter. It only follows main's word:
 * main refuses these channels to staff whatever the window shows.
 */
export function OwnerOnly({ children, label }: { children: ReactNode; label?: string }) {
  const { t } = useTranslation();
  const role = useLockStore((s) => s.status?.role);
  const open = useLockStore((s) => s.openDialog);
  if (role !== 'staff') return <>{children}</>;
  return (
    <div className="owner-locked">
      <button type="button" className="owner-locked-banner" onClick={open}>
        <LockIcon />
        {label ?? t('lock.ownerNeeded')}
        <span className="owner-locked-action">{t('lock.unlockAction')}</span>
      </button>
      <fieldset disabled className="owner-locked-fieldset" aria-label={t('lock.ownerNeeded')}>
        {children}
      </fieldset>
    </div>
  );
}
