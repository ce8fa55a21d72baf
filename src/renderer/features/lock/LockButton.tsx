import { useTranslation } from 'react-i18next';
import { LockIcon } from './LockIcon';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { useLockStore } from '../../stores/lock-store';

/** Who is at the counter, in the navigation row: "Owner · Lock" or "Staff · Unlock". */
export function LockButton({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const open = useLockStore((s) => s.openDialog);
  const lock = useLockStore((s) => s.lock);
  if (!status?.pinSet) return null;
  return status.role === 'owner' ? (
    <span className="lock-state is-owner">
      <span>{t('lock.owner')}</span>
      <button type="button" className="button-secondary" onClick={() => void lock(desk)}>
        <LockIcon />
        {t('lock.lockNow')}
      </button>
    </span>
  ) : (
    <span className="lock-state is-staff">
      <span>{t('lock.staff')}</span>
      <button type="button" className="button-secondary" onClick={open}>
        <LockIcon open />
        {t('lock.unlockOwner')}
      </button>
    </span>
  );
}
