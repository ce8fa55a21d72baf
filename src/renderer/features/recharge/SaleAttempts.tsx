import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { doubleOf, useAccountsStore } from '../../stores/accounts-store';

type Attempts = ResponseOf<'txn:attempts'>['items'];

/**
 * Every attempt of the sale (issue 29): which account, its reference, its status. Shown once a
 * sale went to an account other than the first or had a second attempt; it follows the sale as
 * the status check settles it and a failover adds an attempt.
 */
export function SaleAttempts({ desk, txn }: { desk: DeskApi; txn: TxnView }) {
  const { t } = useTranslation();
  const saleId = txn.saleId ?? txn.refId;
  const [items, setItems] = useState<Attempts>([]);
  const doubles = useAccountsStore((s) => s.doubles);
  useEffect(() => {
    let live = true;
    const load = () =>
      void desk.txn.attempts({ saleId }).then((r) => {
        if (live && r.ok) setItems(r.data.items);
      });
    load();
    const off = desk.on('txn:updated', ({ txn: changed }) => {
      if ((changed.saleId ?? changed.refId) === saleId) load();
    });
    return () => {
      live = false;
      off();
    };
  }, [desk, saleId]);
  const routed = items.length > 1 || items.some((a) => (a.accountId ?? 'main') !== 'main');
  if (!routed) return null;
  return (
    <div className="sale-attempts">
      <h3>{t('result.attempts')}</h3>
      <ol>
        {items.map((a) => (
          <li key={a.refId} data-ref={a.refId} className={doubleOf(doubles, a.refId) ? 'is-double' : undefined}>
            {doubleOf(doubles, a.refId) && (
              <span className="double-mark">
                <span aria-hidden="true">⚠ </span>
                {t('history.double')}
                {' · '}
              </span>
            )}
            {t('result.attempt', { n: a.attemptNo ?? 1 })} · <span translate="no">{a.accountName ?? a.accountId ?? ''}</span> ·{' '}
            <span translate="no" className="mono">
              {a.refId}
            </span>{' '}
            · {t(`status.${a.status}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}
