import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { CIRCLES, MAX_CUSTOMER_NAME_CHARS } from '../../../shared/customer-rules';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { errorText } from '../../i18n/setup';
import { useFormat } from '../../hooks/use-format';
import { StatusText } from '../../components/StatusText';
import { OperatorSelect } from '../../components/OperatorSelect';
import { dateAt } from './due-date';

type Page = ResponseOf<'customer:get'>;
type Circle = (typeof CIRCLES)[number];
const isCircle = (v: string): v is Circle => CIRCLES.some((c) => c === v);

/** One number's page: name it, set its operator and circle, see its last recharges and due date. */
export function CustomerEditor({ desk, number, onSaved }: { desk: DeskApi; number: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [page, setPage] = useState<Page | null>(null);
  const [name, setName] = useState('');
  const [operator, setOperator] = useState('');
  const [circle, setCircle] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const load = useCallback(() => {
    void desk.customer.get({ number }).then((r) => {
      if (!r.ok) return setMessage({ ok: false, text: errorText(t, r.error) });
      setPage(r.data);
      setName(r.data.customer?.name ?? '');
      setCircle(r.data.customer?.circle ?? '');
      setOperator('');
    });
  }, [desk, number, t]);
  useEffect(() => {
    setMessage(null);
    load();
  }, [load]);

  const save = async () => {
    setMessage(null);
    const r = await desk.customer.save({ number, name, operator: operator || null, circle: isCircle(circle) ? circle : null });
    if (!r.ok) return setMessage({ ok: false, text: errorText(t, r.error) });
    setMessage({ ok: true, text: t('customers.edit.saved') });
    load();
    onSaved();
  };
  const c = page?.customer ?? null;
  const remembered = c?.operator ? (findOperator(c.operator)?.name ?? c.operator) : null;
  return (
    <section className="customer-editor" aria-labelledby="customer-title">
      <h3 id="customer-title">
        {t('customers.edit.title')}{' '}
        <span className="mono" translate="no">
          {groupForReading(number)}
        </span>
      </h3>
      <p className="customer-facts">
        {c?.usualAmount != null && <span>{t('customers.edit.usual', { amount: f.money(c.usualAmount) })}</span>}
        <span>{c?.dueDate ? t('customers.edit.due', { date: f.dayMonth(dateAt(c.dueDate)) }) : t('customers.edit.notDue')}</span>
      </p>
      <form
        className="customer-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="filter">
          <span>{t('customers.edit.name')}</span>
          {/* The limit is the service's; the field lets a little more through so the refusal is seen, not a silent cut. */}
          <input
            id="customer-name"
            value={name}
            translate="no"
            maxLength={MAX_CUSTOMER_NAME_CHARS + 20}
            onChange={(e) => setName(e.target.value)}
            aria-describedby="customer-name-hint"
          />
          <span id="customer-name-hint" className="field-hint">
            {t('customers.edit.nameHint')}
          </span>
        </label>
        <OperatorSelect
          label={t('customers.edit.operator')}
          none={remembered ? `${t('customers.edit.remembered')}: ${remembered}` : t('customers.edit.remembered')}
          value={operator}
          onChange={setOperator}
        />
        <label className="filter">
          <span>{t('customers.edit.circle')}</span>
          <select value={circle} onChange={(e) => setCircle(e.target.value)}>
            <option value="">{t('customers.edit.noCircle')}</option>
            {CIRCLES.map((code) => (
              <option key={code} value={code}>
                {t(`customers.circles.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-primary">
          {t('customers.edit.save')}
        </button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'tone-good' : 'error-banner'}>
          {message.text}
        </p>
      )}
      <h4>{t('customers.edit.recent')}</h4>
      {page && page.recent.length === 0 && <p>{t('customers.edit.noRecharges')}</p>}
      <ul className="customer-recent">
        {page?.recent.map((r) => (
          <li key={r.refId}>
            {f.dateTime(r.createdAt)} · {f.money(r.amount)} · {findOperator(r.operator)?.name ?? r.operator} ·{' '}
            <StatusText status={r.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
