import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { reasonParts } from './complaint-reasons';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';
import { formatInr, paise } from '../../../shared/money';

function ReasonCell({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const { preset, words } = reasonParts(t, reason);
  return (
    <>
      {preset}
      {preset && words && ': '}
      {words && <span translate="no">{words}</span>}
    </>
  );
}

type Item = ResponseOf<'complaint:list'>['items'][number];

/** Every complaint raised from this counter, with the transaction it is about. */
export function ComplaintsScreen({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [items, setItems] = useState<Item[] | null>(null);
  const shown = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    const load = () =>
      void desk.complaint.list().then((r) => {
        if (!live) return;
        const next = r.ok ? r.data.items : [];
        shown.current = new Set(next.map((c) => c.refId));
        setItems(next);
      });
    load();
    // A refund found while the screen is open (the wallet's own search, a scheduled check) shows
    // here at once: "Provider owes you ₹X" becomes "₹X came back" without a reload.
    const off = desk.on('txn:updated', ({ txn }) => {
      if (shown.current.has(txn.refId)) load();
    });
    return () => {
      live = false;
      off();
    };
  }, [desk]);
  return (
    <section className="complaints" aria-labelledby="complaints-title">
      <h2 id="complaints-title">{t('nav.complaints')}</h2>
      {items === null ? (
        <p>{t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('complaint.none')}</p>
      ) : (
        <table className="complaints-table">
          <thead>
            <tr>
              <th scope="col">{t('details.when')}</th>
              <th scope="col">{t('details.complaint')}</th>
              <th scope="col">{t('complaint.number')}</th>
              <th scope="col">{t('recharge.amount')}</th>
              <th scope="col">{t('complaint.reason')}</th>
              <th scope="col">{t('complaint.txnStatus')}</th>
              <th scope="col">{t('complaint.money')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.complainId}>
                <td>{f.dateTime(c.createdAt)}</td>
                <td className="mono" translate="no">
                  {c.complainId}
                </td>
                <td>{c.txn ? groupForReading(c.txn.number) : '—'}</td>
                <td>
                  <Money value={c.txn?.amount} />
                </td>
                <td>
                  <ReasonCell reason={c.reason} />
                </td>
                <td>{c.txn && <StatusText status={c.txn.status} />}</td>
                <td className={`complaint-${c.state}`}>
                  {c.state === 'closed'
                    ? t('complaint.closed')
                    : t(c.state === 'raised' ? 'complaint.owed' : 'complaint.cameBack', {
                        amount: c.txn ? formatInr(paise(c.txn.amount)) : '—',
                      })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
