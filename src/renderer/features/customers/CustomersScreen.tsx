import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Customer } from '../../../shared/customer-schemas';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from './CustomerName';
import { CustomerEditor } from './CustomerEditor';
import { DueList } from './DueList';
import { ValiditySettings } from './ValiditySettings';
import { OwnerOnly } from '../lock/OwnerOnly';
import { useCustomerSearch } from './use-customer-search';
import { DuesList } from '../khata/DuesList';
import { KhataPanel } from '../khata/KhataPanel';

/**
 * The customer book: regulars to call this week or who owes (the khata's dues, by age), finding and
 * naming a customer with their khata, validity per amount.
 */
export function CustomersScreen({ desk, onRepeat }: { desk: DeskApi; onRepeat: (c: Customer) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  // Bumped when a name or a validity changes, so the due list reads the book again.
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<'regulars' | 'dues'>('regulars');
  const found = useCustomerSearch(desk, query);
  const typedNumber = query.replace(/[\s\-.()]/g, '');
  const canOpenTyped = /^\d{6,12}$/.test(typedNumber) && !found?.some((c) => c.number === typedNumber);
  return (
    <section className="customers" aria-labelledby="customers-title">
      <h2 id="customers-title">{t('customers.title')}</h2>
      <div className="customers-columns">
        <div className="customers-lists">
          {/* The wide column: a statement's four columns read without wrapping at 1024 px. */}
          {open && <KhataPanel key={`khata-${open}`} desk={desk} number={open} onChanged={() => setVersion((v) => v + 1)} />}
          <div className="filter-group" role="group" aria-label={t('khata.tabs.label')}>
            {(['regulars', 'dues'] as const).map((l) => (
              <button key={l} type="button" className="chip" aria-pressed={list === l} onClick={() => setList(l)}>
                {t(`khata.tabs.${l}`)}
              </button>
            ))}
          </div>
          {list === 'regulars' ? (
            <DueList key={version} desk={desk} onRepeat={onRepeat} />
          ) : (
            <DuesList desk={desk} version={version} onOpen={setOpen} />
          )}
        </div>
        <div className="customers-side">
          <label className="filter">
            <span>{t('customers.find.label')}</span>
            <input id="customer-find" value={query} placeholder={t('customers.find.hint')} onChange={(e) => setQuery(e.target.value)} />
          </label>
          {found && found.length === 0 && !canOpenTyped && <p>{t('customers.find.none')}</p>}
          {(found?.length || canOpenTyped) && (
            <ul className="customer-matches">
              {canOpenTyped && (
                <li>
                  <button type="button" className="chip" onClick={() => setOpen(typedNumber)}>
                    {t('customers.find.open')}{' '}
                    <span className="mono" translate="no">
                      {groupForReading(typedNumber)}
                    </span>
                  </button>
                </li>
              )}
              {found?.map((c) => (
                <li key={c.number}>
                  <button type="button" className="chip" aria-pressed={open === c.number} onClick={() => setOpen(c.number)}>
                    <CustomerName name={c.name} fallback={t('customers.due.unnamed')} />{' '}
                    <span className="mono" translate="no">
                      {groupForReading(c.number)}
                    </span>
                    {c.usualAmount !== null && <span> · {t('customers.counter.usual', { amount: f.money(c.usualAmount) })}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {open && <CustomerEditor key={open} desk={desk} number={open} onSaved={() => setVersion((v) => v + 1)} />}
          <OwnerOnly>
            <ValiditySettings desk={desk} onChanged={() => setVersion((v) => v + 1)} />
          </OwnerOnly>
        </div>
      </div>
    </section>
  );
}
