import { useTranslation } from 'react-i18next';
import { LockIcon } from './LockIcon';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { useLockStore } from '../../stores/lock-store';
import { useWhoKey, WHO_KEY } from './use-who-key';

/** Who is at the counter, in the navigation row: "Owner · Lock", "Staff · Unlock", or a named person (issue 38). */
export function LockButton({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const open = useLockStore((s) => s.openDialog);
  const lock = useLockStore((s) => s.lock);
  const named = !!status?.pinSet && status.people.length > 0;
  useWhoKey(named, open);
  if (!status?.pinSet) return null;
  if (named) {
    // Named staff (issue 38): the header names who is signed in; the same dialog switches.
    const who = status.person === null ? t('lock.nobody') : status.person.role === 'owner' ? t('lock.owner') : status.person.name;
    return (
      <span className={`lock-state ${status.role === 'owner' ? 'is-owner' : 'is-staff'}`}>
        <span data-testid="at-counter">{who}</span>
        <button type="button" className="button-secondary" onClick={open} aria-keyshortcuts={WHO_KEY} title={WHO_KEY}>
          <LockIcon open={status.person === null} />
          {status.person === null ? t('lock.signIn') : t('lock.switch')}
        </button>
        {status.person !== null && (
          <button type="button" className="button-secondary" onClick={() => void lock(desk)}>
            {t('lock.lockNow')}
          </button>
        )}
      </span>
    );
  }
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
