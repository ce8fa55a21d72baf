import { useTranslation } from 'react-i18next';
import { findOperator } from '../../../shared/operators';
import type { Report } from '../../../shared/report-schemas';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';

/** Where the money went: by operator (with commission) and by status. */
export function ReportTables({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <div className="report-tables">
      <table className="report-table">
        <caption>{t('reports.byOperator')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.operator')}</th>
            <th scope="col">{t('reports.count')}</th>
            <th scope="col">{t('reports.amount')}</th>
            <th scope="col">{t('reports.success')}</th>
            <th scope="col">{t('reports.margin')}</th>
          </tr>
        </thead>
        <tbody>
          {report.byOperator.map((o) => (
            <tr key={o.operator}>
              <th scope="row">{findOperator(o.operator)?.name ?? o.operator}</th>
              <td>{o.count}</td>
              <td>
                <Money value={o.amount} />
              </td>
              <td>
                <Money value={o.successAmount} />
              </td>
              <td>
                <Money value={o.margin} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.payments.length > 0 && (
        <table className="report-table">
          <caption>{t('pay.report')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pay.label')}</th>
              <th scope="col">{t('reports.count')}</th>
              <th scope="col">{t('pay.methods.cash')}</th>
              <th scope="col">{t('pay.methods.upi')}</th>
              <th scope="col">{t('pay.methods.credit')}</th>
            </tr>
          </thead>
          <tbody>
            {report.payments.map((p) => (
              <tr key={p.method}>
                <th scope="row">{t(`pay.methods.${p.method}`)}</th>
                <td>{p.count}</td>
                <td>
                  <Money value={p.cash} />
                </td>
                <td>
                  <Money value={p.upi} />
                </td>
                <td>
                  <Money value={p.credit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="report-table">
        <caption>{t('reports.byStatus')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.status')}</th>
            <th scope="col">{t('reports.count')}</th>
            <th scope="col">{t('reports.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {report.byStatus.map((s) => (
            <tr key={s.status}>
              <th scope="row">
                <StatusText status={s.status} />
              </th>
              <td>{s.count}</td>
              <td>
                <Money value={s.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
