import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Customer } from '../../../shared/customer-schemas';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { errorText } from '../../i18n/setup';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from './CustomerName';
import { dateAt } from './due-date';

function DueRow({ c, today, onRepeat }: { c: Customer; today: string; onRepeat: (c: Customer) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const amount = c.usualAmount ?? c.lastAmount;
  const due = c.dueDate ?? today;
  const when =
    due === today
      ? t('customers.due.dueToday')
      : due < today
        ? t('customers.due.lapsed', { date: f.dayMonth(dateAt(due)) })
        : t('customers.due.dueOn', { date: f.dayMonth(dateAt(due)) });
  return (
    <li>
      {/* The whole row is the button: Enter on it is the one key that fills the counter. */}
      <button type="button" className={`due-row ${due < today ? 'is-lapsed' : ''}`} onClick={() => onRepeat(c)}>
        <span className="due-who">
          <CustomerName name={c.name} fallback={t('customers.due.unnamed')} />
          <span className="mono" translate="no">
            {groupForReading(c.number)}
          </span>
          <span>{c.operator ? (findOperator(c.operator)?.name ?? c.operator) : ''}</span>
        </span>
        <span className="due-when">
          {when}
          {c.lastAmount !== null && c.lastDate && (
            <span className="field-hint">
              {' '}
              · {t('customers.due.last', { amount: f.money(c.lastAmount), date: f.dayMonth(dateAt(c.lastDate)) })}
            </span>
          )}
        </span>
        {amount !== null && <span className="due-repeat">{t('customers.due.repeat', { amount: f.money(amount) })}</span>}
      </button>
    </li>
  );
}

/**
 * Regulars whose pack runs out this week (or ran out last week and were not recharged since), to
 * call. Arrow keys move between them; Enter fills the counter, where the shopkeeper confirms.
 */
export function DueList({ desk, onRepeat }: { desk: DeskApi; onRepeat: (c: Customer) => void }) {
  const { t } = useTranslation();
  const [due, setDue] = useState<{ today: string; items: Customer[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void desk.customer.due().then((r) => {
      if (r.ok) setDue(r.data);
      else setProblem(errorText(t, r.error));
    });
  }, [desk, t]);
  // The first regular to call has the keyboard: one Enter repeats their usual recharge.
  useEffect(() => {
    if (due && due.items.length > 0) listRef.current?.querySelector<HTMLButtonElement>('.due-row')?.focus();
  }, [due]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.due-row') ?? [])];
    const at = rows.findIndex((r) => r === document.activeElement);
    const next = rows[Math.min(rows.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  const today = due?.today ?? '';
  const groups = [
    { key: 'today', title: t('customers.due.today'), items: due?.items.filter((c) => (c.dueDate ?? '') <= today) ?? [] },
    { key: 'week', title: t('customers.due.week'), items: due?.items.filter((c) => (c.dueDate ?? '') > today) ?? [] },
  ];
  return (
    <section className="due-list" aria-labelledby="due-title">
      <h3 id="due-title">{t('customers.due.title')}</h3>
      <p className="field-hint">{t('customers.due.hint')}</p>
      {problem && (
        <p role="alert" className="error-banner">
          {problem}
        </p>
      )}
      {due && due.items.length === 0 && <p>{t('customers.due.empty')}</p>}
      <div ref={listRef} onKeyDown={onKey}>
        {groups.map(
          (g) =>
            g.items.length > 0 && (
              <div key={g.key} className="due-group">
                <h4>{g.title}</h4>
                <ul aria-label={g.title}>
                  {g.items.map((c) => (
                    <DueRow key={c.number} c={c} today={today} onRepeat={onRepeat} />
                  ))}
                </ul>
              </div>
            ),
        )}
      </div>
    </section>
  );
}
