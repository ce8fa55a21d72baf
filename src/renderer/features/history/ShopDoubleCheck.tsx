import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/result';
import { useFormat } from '../../hooks/use-format';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAccountsStore } from '../../stores/accounts-store';
import { useLockStore } from '../../stores/lock-store';

type Item = ResponseOf<'shop:history'>['items'][number];

/**
 * The owner's "checked" on a possible double in the whole-shop history (issue 37): who checked it
 * (which counter) and when, else the owner's button, at any counter, whichever counter sent it.
 */
export function ShopDoubleCheck({ desk, txn, onChecked }: { desk: DeskApi; txn: Item; onChecked: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const markChecked = useAccountsStore((s) => s.markChecked);
  const [error, setError] = useState<IpcError | null>(null);
  if (txn.checked) {
    return (
      <span className="col-double-check double-seen">
        {t('history.doubleCheckedAt', { counter: txn.checked.counterName, time: f.dateTime(txn.checked.at) })}
      </span>
    );
  }
  const check = async () => {
    const refused = await markChecked(desk, txn.saleId);
    // Locked, or the staff at the counter: the owner's PIN first, then press again.
    if (refused?.code === 'owner_only') useLockStore.getState().openDialog();
    else setError(refused);
    if (!refused) onChecked();
  };
  return (
    <span className="col-double-check">
      <button type="button" className="button-secondary button-small" onClick={() => void check()}>
        {t('details.markChecked')}
      </button>
      <ErrorBanner error={error} />
    </span>
  );
}
