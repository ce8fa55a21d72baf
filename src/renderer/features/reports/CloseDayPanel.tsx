import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { doerName } from '../lock/doer-name';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { OwnerOnly } from '../lock/OwnerOnly';
import { useLockStore } from '../../stores/lock-store';
import { formatInr, paise } from '../../../shared/money';
import { Money } from '../../components/Money';
import { useFormat } from '../../hooks/use-format';
import { errorText } from '../../i18n/setup';
import { fmtFor } from '../../../shared/words/word-kit';
import { DayMoneyTable } from './DayMoneyTable';
import { DayByAccount } from './DayByAccount';
import { CloseAmountField, readAmount } from './CloseAmountField';
import { UpiWaitingNote } from './UpiWaitingNote';

type Day = ResponseOf<'dayclose:get'>;

const signed = (p: number) => `${p > 0 ? '+' : ''}${formatInr(paise(p))}`;

/** The UPI app against the counter, in words that say where to look (counted − expected, paise). */
function upiWords(t: TFunction, difference: number): string {
  if (difference === 0) return t('closeDay.upiMatches');
  return errorText(t, { code: difference > 0 ? 'upi_app_more' : 'upi_app_less', params: { amount: Math.abs(difference) } });
}

/**
 * Sales (or refunds) after the day's last closing: the closing keeps its figures, and the change
 * since is said beside them, never folded in silently.
 */
function AfterClose({ day }: { day: Day }) {
  const { t } = useTranslation();
  const f = useFormat();
  const last = day.closes.at(-1);
  if (!last || day.expected === null || (day.expected === last.expected && day.success.count === last.successCount)) return null;
  return (
    <p className="warning" role="note">
      {t('closeDay.afterClose', {
        time: f.time(last.closedAt),
        change: signed(day.expected - last.expected),
        count: day.success.count - last.successCount,
      })}
    </p>
  );
}

/** Staff record the day's first count; a recount beside a closing is the owner's. */
function RecountOwnerOnly({ closed, label, children }: { closed: boolean; label: string; children: ReactNode }) {
  return closed ? <OwnerOnly label={label}>{children}</OwnerOnly> : <>{children}</>;
}

/** Cash counted against what the ledger expects, for one day; every closing stays on record. */
export function CloseDayPanel({ desk, date, onClosed }: { desk: DeskApi; date: string; onClosed?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [day, setDay] = useState<Day | null>(null);
  const [counted, setCounted] = useState('');
  const [upi, setUpi] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Main decides what each role may see: asked again when the owner unlocks or locks.
  const role = useLockStore((s) => s.status?.role);
  const load = useCallback(() => {
    void desk.dayclose.get({ date }).then((r) => {
      if (r.ok) setDay(r.data);
      else setProblem(errorText(t, r.error));
    });
  }, [desk, date, t]);
  useEffect(load, [load, role]);
  if (!day) return null;

  const closed = day.closes.length > 0;
  const value = readAmount(counted).paise;
  // Asked (the shop takes UPI), the UPI app's figure is needed as the cash is; bad input sends nothing.
  const upiValue = day.upiAsked ? readAmount(upi).paise : null;
  const valid = value !== null && (!day.upiAsked || upiValue !== null);
  const upiExpected = day.money?.upi.expected ?? null;
  const upiShown = day.upiAsked || day.closes.some((c) => c.upiCounted !== null);
  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setProblem(null);
    const r = await desk.dayclose.close({ date, counted: value, upiCounted: upiValue, note, recount: closed });
    setBusy(false);
    if (!r.ok) setProblem(errorText(t, r.error));
    else {
      setCounted('');
      setUpi('');
      setNote('');
      load();
      onClosed?.();
    }
  };
  return (
    <section className="close-day" aria-labelledby="close-day-title">
      <h3 id="close-day-title">{t('closeDay.title', { date: fmtFor(f.lang).day(date) })}</h3>
      {day.expected === null ? (
        <p className="close-day-blind">
          {t('closeDay.blind')}
          {day.upiAsked && ` ${t('closeDay.blindUpi')}`}
        </p>
      ) : (
        <p>
          {t('closeDay.expected')}: <Money value={day.expected} className="report-amount" />{' '}
          <span className="field-hint">{t('closeDay.expectedHint')}</span>
        </p>
      )}
      {day.money && <DayMoneyTable money={day.money} />}
      {day.toGiveBack.count > 0 && (
        <p className="warning">
          {t('closeDay.toGiveBack', { count: day.toGiveBack.count, amount: formatInr(paise(day.toGiveBack.amount)) })}
        </p>
      )}
      <UpiWaitingNote desk={desk} waiting={day.upiWaiting} onMarked={load} />
      <DayByAccount accounts={day.byAccount} />
      <AfterClose day={day} />
      {day.open.count > 0 && (
        <p className="warning">{t('closeDay.open', { count: day.open.count, amount: formatInr(paise(day.open.amount)) })}</p>
      )}
      {closed && (
        <table className="report-table">
          <caption>{t('closeDay.closings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('closeDay.when')}</th>
              <th scope="col">{t('closeDay.expected')}</th>
              <th scope="col">{t('closeDay.counted')}</th>
              <th scope="col">{t('closeDay.difference')}</th>
              {upiShown && <th scope="col">{t('closeDay.upiCounted')}</th>}
              {upiShown && <th scope="col">{t('closeDay.upiDifference')}</th>}
              <th scope="col">{t('closeDay.note')}</th>
            </tr>
          </thead>
          <tbody>
            {day.closes.map((c) => (
              <tr key={c.revision}>
                <td>
                  {c.revision > 1 ? `${t('closeDay.recountN', { n: c.revision - 1 })} · ` : ''}
                  {f.dateTime(c.closedAt)}
                  {c.countedBy && (
                    <span className="close-counted-by"> · {t('closeDay.countedBy', { name: doerName(t, c.countedBy) })}</span>
                  )}
                </td>
                <td>
                  <Money value={c.expected} />
                </td>
                <td>
                  <Money value={c.counted} />
                </td>
                <td className={c.difference < 0 ? 'tone-bad' : c.difference > 0 ? 'tone-wait' : 'tone-good'}>
                  {c.difference === 0
                    ? t('closeDay.matches')
                    : `${signed(c.difference)} ${c.difference < 0 ? t('closeDay.short') : t('closeDay.over')}`}
                </td>
                {upiShown && <td>{c.upiCounted === null ? t('closeDay.upiNotCounted') : <Money value={c.upiCounted} />}</td>}
                {upiShown && (
                  <td className={c.upiDifference ? 'tone-bad' : 'tone-good'}>
                    {c.upiDifference === null ? '' : upiWords(t, c.upiDifference)}
                  </td>
                )}
                <td>{c.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RecountOwnerOnly closed={closed} label={t('lock.ownerNeededRecount')}>
        <form
          className="close-day-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <CloseAmountField label={t('closeDay.counted')} value={counted} onChange={setCounted} />
          {day.upiAsked && <CloseAmountField label={t('closeDay.upiCounted')} value={upi} onChange={setUpi} />}
          <label className="filter">
            <span>{t('closeDay.note')}</span>
            <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </label>
          {value !== null && day.expected !== null && (
            <p className="close-day-preview">
              {t('closeDay.difference')}: <strong>{value === day.expected ? t('closeDay.matches') : signed(value - day.expected)}</strong>
            </p>
          )}
          {upiValue !== null && upiExpected !== null && (
            <p className="close-day-preview">
              <strong>{upiWords(t, upiValue - upiExpected)}</strong>
            </p>
          )}
          <button type="submit" className="button-primary" disabled={!valid || busy}>
            {closed ? t('closeDay.recount') : t('closeDay.close')}
          </button>
        </form>
      </RecountOwnerOnly>
      {closed && <p className="field-hint">{t('closeDay.closedHint')}</p>}
      {problem && (
        <p role="alert" className="error-banner">
          {problem}
        </p>
      )}
    </section>
  );
}
