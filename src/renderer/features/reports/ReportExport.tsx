import { useTranslation } from 'react-i18next';
import { Latin } from '../../components/Latin';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { useReportStore } from '../../stores/report-store';
import { ErrorBanner } from '../../components/ErrorBanner';

/** Export buttons and what became of the last export, said in words. */
export function ReportExport({ desk, disabled }: { desk: DeskApi; disabled: boolean }) {
  const { t } = useTranslation();
  const exporting = useReportStore((s) => s.exporting);
  const exportAs = useReportStore((s) => s.exportAs);
  const saving = exporting.state === 'saving';
  return (
    <div className="report-export" role="group" aria-label={t('reports.export.title')}>
      <div className="filter-group">
        <button type="button" className="button-secondary" disabled={disabled || saving} onClick={() => void exportAs(desk, 'csv')}>
          {saving && exporting.format === 'csv' ? t('reports.export.saving') : <Latin k="reports.export.csv" />}
        </button>
        <button type="button" className="button-secondary" disabled={disabled || saving} onClick={() => void exportAs(desk, 'xlsx')}>
          {saving && exporting.format === 'xlsx' ? t('reports.export.saving') : <Latin k="reports.export.xlsx" />}
        </button>
      </div>
      <p className="field-hint">
        <Latin k="reports.export.hint" />
      </p>
      <div aria-live="polite">
        {exporting.state === 'saved' && (
          <p role="status" className="tone-good">
            {t('reports.export.saved', { rows: exporting.rows, path: exporting.path })}
          </p>
        )}
        <ErrorBanner error={exporting.state === 'failed' ? exporting.error : null} />
      </div>
    </div>
  );
}
