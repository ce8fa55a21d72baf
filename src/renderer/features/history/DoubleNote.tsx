import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { IpcError } from '../../../shared/result';
import { useFormat } from '../../hooks/use-format';
import { OutcomeText } from '../../components/OutcomeText';
import { ErrorBanner } from '../../components/ErrorBanner';
import { doubleOf, useAccountsStore } from '../../stores/accounts-store';
import { useLockStore } from '../../stores/lock-store';

/**
 * A possible double recharge this attempt is part of (issue 29), said loudly with both attempts'
 * references and accounts, and the owner's "I have checked this" (kept: the mark stays, quieter).
 */
export function DoubleNote({ desk, refId }: { desk: DeskApi; refId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const flag = useAccountsStore((s) => doubleOf(s.doubles, refId));
  const markChecked = useAccountsStore((s) => s.markChecked);
  const [error, setError] = useState<IpcError | null>(null);
  if (!flag) return null;
  const { number, amount, first, second } = flag;
  const check = async () => {
    const refused = await markChecked(desk, flag.saleId);
    // Locked, or the staff at the counter: the owner's PIN first, then press again.
    if (refused?.code === 'owner_only') useLockStore.getState().openDialog();
    else setError(refused);
  };
  return (
    <div className={`double-note${flag.seenAt === null ? '' : ' is-seen'}`} role={flag.seenAt === null ? 'alert' : 'note'}>
      <p>
        <span aria-hidden="true">⚠ </span>
        <OutcomeText outcome={{ code: 'possible_double_recharge', params: { number, amount, first, second } }} />
      </p>
      {flag.seenAt === null ? (
        <button type="button" onClick={() => void check()}>
          {t('details.markChecked')}
        </button>
      ) : (
        <p className="double-seen">
          {flag.checkedAt === null
            ? t('details.doubleChecked', { time: f.dateTime(flag.seenAt) })
            : t('history.doubleCheckedAt', { counter: flag.checkedAt, time: f.dateTime(flag.seenAt) })}
        </p>
      )}
      <ErrorBanner error={error} />
    </div>
  );
}
