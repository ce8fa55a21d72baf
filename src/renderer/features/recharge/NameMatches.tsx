import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../shared/customer-schemas';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from '../customers/CustomerName';

/**
 * A name typed in the number box: the customers it names, with their numbers. Enter in the box
 * takes the first; picking one fills the number, operator and usual amount (nothing is sent).
 */
export function NameMatches({ matches, onPick }: { matches: Customer[] | null; onPick: (c: Customer) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (matches === null) return null;
  if (matches.length === 0) return <p className="form-problem">{t('customers.counter.none')}</p>;
  return (
    <div className="name-matches">
      <p className="field-hint">{t('customers.counter.matches')}</p>
      <ul aria-label={t('customers.counter.matches')}>
        {matches.map((c) => (
          <li key={c.number}>
            <button type="button" className="chip" onClick={() => onPick(c)}>
              <CustomerName name={c.name} fallback="" />{' '}
              <span className="mono" translate="no">
                {groupForReading(c.number)}
              </span>
              {c.operator && <span> · {findOperator(c.operator)?.name ?? c.operator}</span>}
              {c.usualAmount !== null && <span> · {t('customers.counter.usual', { amount: f.money(c.usualAmount) })}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
