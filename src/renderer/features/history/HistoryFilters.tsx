import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { OperatorSelect } from '../../components/OperatorSelect';
import { DayInput } from '../../components/DayInput';
import { STATUS_FILTERS, useHistoryStore, type DatePreset, type StatusFilter } from '../../stores/history-store';

const PRESETS: DatePreset[] = ['all', 'today', 'yesterday', 'week', 'custom'];

export function HistoryFilters({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const { filters, setFilters } = useHistoryStore();
  const [search, setSearch] = useState(filters.search);
  // Search as the shopkeeper types, without a query per keystroke.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => setFilters(desk, { search }), 200);
    return () => clearTimeout(timer);
  }, [search, filters.search, setFilters, desk]);
  return (
    <div className="history-filters" role="search">
      <label className="filter">
        <span>{t('history.search')}</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('history.searchHint')} />
      </label>
      <div className="filter-group" role="group" aria-label={t('history.when')}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="chip"
            aria-pressed={filters.preset === p}
            onClick={() => setFilters(desk, { preset: p })}
          >
            {t(`history.preset.${p}`)}
          </button>
        ))}
      </div>
      {filters.preset === 'custom' && (
        <>
          <DayInput label={t('history.from')} value={filters.from} onChange={(day) => setFilters(desk, { from: day })} />
          <DayInput label={t('history.to')} value={filters.to} onChange={(day) => setFilters(desk, { to: day })} />
        </>
      )}
      <label className="filter">
        <span>{t('history.status')}</span>
        <select value={filters.status} onChange={(e) => setFilters(desk, { status: e.target.value as StatusFilter })}>
          {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((s) => (
            <option key={s} value={s}>
              {t(`history.statusFilter.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <OperatorSelect
        label={t('history.operator')}
        none={t('history.allOperators')}
        value={filters.operator}
        onChange={(operator) => setFilters(desk, { operator })}
      />
    </div>
  );
}
