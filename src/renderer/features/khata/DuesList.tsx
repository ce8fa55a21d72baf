import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { groupForReading } from '../../../shared/subscriber-number';
import { errorText } from '../../i18n/setup';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from '../customers/CustomerName';
import { dateAt } from '../customers/due-date';
import { AdvancesList } from './AdvancesList';

const AGES = ['fresh', 'month', 'old'] as const;
const DAY = 86_400_000;

/**
 * Who owes, by age (0–7, 8–30, 31+ days since the due last rose above nothing), oldest first:
 * the totals of every due, and the oldest few to chase; then the advances the shop holds. A row
 * opens the customer's khata.
 */
export function DuesList({ desk, version, onOpen }: { desk: DeskApi; version: number; onOpen: (number: string) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [dues, setDues] = useState<ResponseOf<'khata:dues'> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void desk.khata.dues({}).then((r) => (r.ok ? setDues(r.data) : setProblem(errorText(t, r.error))));
  }, [desk, t, version]);
  const total = dues?.ages.reduce((s, a) => s + a.due, 0) ?? 0;
  return (
    <section className="dues-list" aria-labelledby="dues-title">
      <h3 id="dues-title">{t('khata.dues.title')}</h3>
      <p className="field-hint">{t('khata.dues.hint')}</p>
      {problem && (
        <p role="alert" className="error-banner">
          {problem}
        </p>
      )}
      {dues && (
        <dl className="dues-ages">
          {AGES.map((key) => {
            const a = dues.ages.find((x) => x.key === key);
            return (
              <div key={key} className={`dues-age dues-age-${key}`}>
                <dt>{t(`khata.dues.ages.${key}`)}</dt>
                <dd>{t('khata.dues.ageLine', { count: f.count(a?.count ?? 0), amount: f.money(a?.due ?? 0) })}</dd>
              </div>
            );
          })}
          <div className="dues-age">
            <dt>{t('khata.dues.total', { amount: f.money(total) })}</dt>
          </div>
        </dl>
      )}
      {dues && dues.items.length === 0 && <p>{t('khata.dues.empty')}</p>}
      <ul className="dues-rows">
        {dues?.items.map((d) => (
          <li key={d.number}>
            <button type="button" className="due-row" onClick={() => onOpen(d.number)}>
              <span className="due-who">
                <CustomerName name={d.name} fallback={t('customers.due.unnamed')} />
                <span className="mono" translate="no">
                  {groupForReading(d.number)}
                </span>
              </span>
              <span className="due-when">
                {t('khata.dues.since', {
                  date: f.dayMonth(dateAt(d.since)),
                  days: Math.round((dateAt(dues.today) - dateAt(d.since)) / DAY),
                })}
              </span>
              <strong className="due-repeat">{f.money(d.due)}</strong>
            </button>
          </li>
        ))}
      </ul>
      {dues && <AdvancesList advances={dues.advances} onOpen={onOpen} />}
    </section>
  );
}
