import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { DoneActionRow, PeopleDay } from '../../../shared/people-day-schemas';
import { PEOPLE_DAY_LIMIT } from '../../../shared/people-day-limit';
import type { IpcError } from '../../../shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Money } from '../../components/Money';
import { useFormat } from '../../hooks/use-format';
import { useLockStore } from '../../stores/lock-store';
import { doerName } from '../lock/doer-name';

/** A change of settings says which (its channel leads its ref); money says its kind; the rest their action. */
function actionWords(t: ReturnType<typeof useTranslation>['t'], a: DoneActionRow): string {
  if (a.action === 'money' && a.kind) return t(`peopleDay.money.${a.kind}`);
  const channel = a.ref.split(' ')[0]!.replace(':', '_');
  return t(`peopleDay.changes.${channel}`, { defaultValue: t(`peopleDay.actions.${a.action}`) });
}

/**
 * The owner's day by person (issue 38 item 2): each person's sales in one line, then every
 * payment, correction, give-back, count, complaint and change they made. Staff never see it
 * (main refuses them the channel too).
 */
export function PeopleDayPanel({ desk, date }: { desk: DeskApi; date: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const role = useLockStore((s) => s.status?.role);
  const [day, setDay] = useState<PeopleDay | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  useEffect(() => {
    if (role === 'staff') return;
    let live = true;
    void desk.report.people({ day: date }).then((r) => {
      if (!live) return;
      if (r.ok) {
        setDay(r.data);
        setError(null);
      } else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [desk, date, role]);
  if (role === 'staff') return null;
  return (
    <section className="people-day" aria-labelledby="people-day-title">
      <h3 id="people-day-title">{t('peopleDay.title')}</h3>
      <p className="field-hint">{t('peopleDay.hint')}</p>
      <ErrorBanner error={error} />
      {day && day.people.length === 0 && <p>{t('peopleDay.none')}</p>}
      {day?.truncated && <p className="warning">{t('peopleDay.truncated', { count: PEOPLE_DAY_LIMIT })}</p>}
      <div className="report-tables">
        {day?.people.map((p) => (
          <table key={`${p.who.role}:${p.who.id ?? ''}`} className="report-table people-day-person">
            <caption>
              <strong>{doerName(t, p.who)}</strong>
              {' · '}
              {p.sales.count === 0
                ? t('peopleDay.noSales')
                : t('peopleDay.sales', { count: p.sales.count, amount: f.money(p.sales.amount) })}
            </caption>
            {p.actions.length > 0 && (
              <>
                <thead>
                  <tr>
                    <th scope="col">{t('peopleDay.when')}</th>
                    <th scope="col">{t('peopleDay.what')}</th>
                    <th scope="col">{t('peopleDay.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.actions.map((a, i) => (
                    <tr key={`${a.at}-${i}`}>
                      <td>{f.time(a.at)}</td>
                      <td>
                        {actionWords(t, a)}
                        {a.number && (
                          <span translate="no" className="people-day-number">
                            {' '}
                            {a.number}
                          </span>
                        )}
                      </td>
                      <td>{a.amount === null ? '' : <Money value={a.amount} />}</td>
                    </tr>
                  ))}
                </tbody>
              </>
            )}
          </table>
        ))}
      </div>
    </section>
  );
}
