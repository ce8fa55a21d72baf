import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { Money } from '../../components/Money';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useFormat } from '../../hooks/use-format';
import { usePolled } from './use-polled';

type Day = ResponseOf<'shop:day'>;
type Row = Day['counters'][number];
type Figures = Pick<Row, 'sales' | 'payments' | 'givenBack' | 'expected'>;
type Column = { key: string; name: ReactNode; figures: Figures; close: Row['close'] | 'total'; own: boolean };

/** A count's or a close's difference in the close's own words: matches, short or over. */
function Difference({ value }: { value: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (value === null) return <>—</>;
  if (value === 0) return <span className="tone-good">{t('closeDay.matches')}</span>;
  const words = `${f.money(Math.abs(value))} ${value < 0 ? t('closeDay.short') : t('closeDay.over')}`;
  return <span className={value < 0 ? 'tone-bad' : 'tone-wait'}>{words}</span>;
}

const SALES = ['cash', 'upi', 'credit', 'split'] as const;
const salesKey = { cash: 'salesCash', upi: 'salesUpi', credit: 'salesCredit', split: 'salesSplit' } as const;

/**
 * The owner's whole-shop day (issue 37 item 3): each counter's sales by method, payments taken,
 * give-backs and the cash and UPI it should hold, then its close (what it counted, the difference,
 * who counted), and the shop's total. Each counter closes its own drawer: nothing here closes one.
 */
export function ShopDayBook({ desk, date }: { desk: DeskApi; date: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const ask = useCallback(() => desk.shop.day({ date }), [desk, date]);
  const { data: day, problem } = usePolled(ask);
  if (problem) return <ErrorBanner error={problem} />;
  if (!day) return null;
  const columns: Column[] = [
    ...day.counters.map((c) => ({
      key: c.counter,
      name: (
        <>
          <span translate="no">{c.counterName}</span>
          {c.own && <span className="shop-own"> · {t('history.scopeCounter')}</span>}
        </>
      ),
      figures: c,
      close: c.close,
      own: c.own,
    })),
    { key: 'total', name: t('history.scopeShop'), figures: day.total, close: 'total' as const, own: false },
  ];
  const line = (label: string, cell: (c: Column) => ReactNode, className?: string) => (
    <tr key={label} className={className}>
      <th scope="row">{label}</th>
      {columns.map((c) => (
        <td key={c.key} className={c.close === 'total' ? 'shop-day-total' : undefined}>
          {cell(c)}
        </td>
      ))}
    </tr>
  );
  const closeCell = (c: Column, closed: (close: NonNullable<Row['close']>) => ReactNode, total: ReactNode) =>
    c.close === 'total' ? total : c.close === null ? <span className="muted">{t('shopDay.notClosed')}</span> : closed(c.close);
  return (
    <>
      <table className="shop-totals shop-day">
        <caption>{t('shopDay.caption')}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.own ? 'is-own' : undefined}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SALES.map((m) =>
            line(t(`shopDay.${salesKey[m]}`), (c) => (
              <>
                <Money value={c.figures.sales[m].amount} /> ({c.figures.sales[m].count})
              </>
            )),
          )}
          {line(t('closeDay.cashPayments'), (c) => (
            <Money value={c.figures.payments.cash} />
          ))}
          {line(t('closeDay.upiPayments'), (c) => (
            <Money value={c.figures.payments.upi} />
          ))}
          {line(t('closeDay.cashGivenBack'), (c) => (
            <Money value={c.figures.givenBack.cash} />
          ))}
          {line(t('closeDay.upiGivenBack'), (c) => (
            <Money value={c.figures.givenBack.upi} />
          ))}
          {line(
            t('closeDay.expected'),
            (c) => (
              <Money value={c.figures.expected.cash} />
            ),
            'day-money-total',
          )}
          {line(
            t('closeDay.upiExpected'),
            (c) => (
              <Money value={c.figures.expected.upi} />
            ),
            'day-money-total',
          )}
          {line(t('closeDay.counted'), (c) =>
            closeCell(
              c,
              (close) => <Money value={close.counted} />,
              <>
                <Money value={day.total.counted.cash} />
                <div className="muted">{t('shopDay.closedOf', { closed: day.total.closed, count: day.counters.length })}</div>
              </>,
            ),
          )}
          {line(t('shopDay.difference'), (c) =>
            closeCell(
              c,
              (close) => (
                <>
                  <Difference value={close.difference} />
                  {close.expected !== c.figures.expected.cash && (
                    <div className="muted">{t('shopDay.expectedThen', { amount: f.money(close.expected) })}</div>
                  )}
                </>
              ),
              <Difference value={day.total.difference?.cash ?? null} />,
            ),
          )}
          {line(t('shopDay.upiCounted'), (c) =>
            closeCell(c, (close) => <Money value={close.upiCounted} />, <Money value={day.total.counted.upi} />),
          )}
          {line(t('shopDay.upiDifference'), (c) =>
            closeCell(c, (close) => <Difference value={close.upiDifference} />, <Difference value={day.total.difference?.upi ?? null} />),
          )}
          {line(t('shopDay.countedBy'), (c) =>
            closeCell(
              c,
              (close) => (
                <>
                  {close.byName ? <span translate="no">{close.byName}</span> : '—'}
                  <div className="muted">{f.time(close.closedAt)}</div>
                </>
              ),
              null,
            ),
          )}
        </tbody>
      </table>
      <p className="field-hint">{t('shopDay.hint')}</p>
    </>
  );
}
