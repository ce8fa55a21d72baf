import { useTranslation } from 'react-i18next';
import type { AccountFigures } from '../../../shared/report-schemas';
import { AmountCell, sum } from './AccountFiguresTable';

type Part = { count: number; amount: number };

function Cells({
  name,
  success,
  refunded,
  open,
  total = false,
}: {
  name: string;
  success: Part;
  refunded: Part;
  open: Part;
  total?: boolean;
}) {
  return (
    <tr className={total ? 'report-total-row' : undefined}>
      <th scope="row">{name}</th>
      <AmountCell part={success} />
      <AmountCell part={refunded} />
      <AmountCell part={open} />
    </tr>
  );
}

/**
 * The day's close per provider account and in total (issue 29): the successful recharges each
 * account carried (what each provider wallet paid for the day), what came back and what is still being checked.
 */
export function DayByAccount({ accounts }: { accounts: readonly AccountFigures[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return null;
  return (
    <table className="report-table report-accounts">
      <caption>{t('reports.accounts.dayCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reports.accounts.account')}</th>
          <th scope="col">{t('reports.success')}</th>
          <th scope="col">{t('reports.accounts.refunds')}</th>
          <th scope="col">{t('reports.totals.open')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <Cells key={a.account} name={a.name} success={a.success} refunded={a.refunded} open={a.open} />
        ))}
      </tbody>
      <tfoot>
        <Cells
          name={t('reports.accounts.total')}
          success={sum(accounts.map((a) => a.success))}
          refunded={sum(accounts.map((a) => a.refunded))}
          open={sum(accounts.map((a) => a.open))}
          total
        />
      </tfoot>
    </table>
  );
}
