import { useTranslation } from 'react-i18next';
import type { AdvanceRow } from '../../../shared/khata/khata-schemas';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from '../customers/CustomerName';

/**
 * The customers' money the shop holds as advances (issue 40): who, how much, since when, the
 * oldest first, so it is used or handed back and never forgotten. A row opens the khata.
 */
export function AdvancesList({ advances, onOpen }: { advances: AdvanceRow[]; onOpen: (number: string) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const total = advances.reduce((s, a) => s + a.amount, 0);
  return (
    <section className="dues-list advances-list" aria-labelledby="advances-title">
      <h3 id="advances-title">{t('khata.advances.title')}</h3>
      <p>{advances.length === 0 ? t('khata.advances.empty') : t('khata.advances.total', { amount: f.money(total) })}</p>
      <ul className="dues-rows">
        {advances.map((a) => (
          <li key={a.number}>
            <button type="button" className="due-row" onClick={() => onOpen(a.number)}>
              <span className="due-who">
                <CustomerName name={a.name} fallback={t('customers.due.unnamed')} />
                <span className="mono" translate="no">
                  {groupForReading(a.number)}
                </span>
              </span>
              <span className="due-when">{t('khata.advances.since', { date: f.dayMonth(a.at) })}</span>
              <strong className="due-repeat">{f.money(a.amount)}</strong>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
