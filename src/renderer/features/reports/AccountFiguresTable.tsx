import { useTranslation } from 'react-i18next';
import type { AccountFigures } from '../../../shared/report-schemas';
import { Money } from '../../components/Money';
import { useFormat } from '../../hooks/use-format';

type Part = { count: number; amount: number };
export const sum = (parts: readonly Part[]): Part => ({
  count: parts.reduce((n, p) => n + p.count, 0),
  amount: parts.reduce((n, p) => n + p.amount, 0),
});

/** An amount with how many recharges make it, in one cell. */
export function AmountCell({ part }: { part: Part }) {
  const f = useFormat();
  return (
    <td>
      <Money value={part.amount} /> <span className="field-hint">× {f.count(part.count)}</span>
    </td>
  );
}

function Row({ figures, total = false }: { figures: Omit<AccountFigures, 'account'>; total?: boolean }) {
  const f = useFormat();
  const { t } = useTranslation();
  return (
    <tr className={total ? 'report-total-row' : undefined}>
      <th scope="row">{figures.name}</th>
      <AmountCell part={figures} />
      <AmountCell part={figures.success} />
      <td>
        <Money value={figures.margin} />
      </td>
      <AmountCell part={figures.refunded} />
      <AmountCell part={figures.failed} />
      <td>{figures.failureRate === null ? t('reports.accounts.noRate') : f.percent(figures.failureRate)}</td>
    </tr>
  );
}

/**
 * Each provider account's part of the dates (issue 29): what was sent to it, what went through and
 * earned, what came back, what failed and how often; then the whole shop's total. A sale that
 * failed over is an attempt at each account it went to.
 */
export function AccountFiguresTable({ accounts, caption }: { accounts: readonly AccountFigures[]; caption: string }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return null;
  const failed = sum(accounts.map((a) => a.failed));
  const open = sum(accounts.map((a) => a.open));
  const all = sum(accounts);
  const known = all.count - open.count;
  const total = {
    name: t('reports.accounts.total'),
    ...all,
    success: sum(accounts.map((a) => a.success)),
    margin: accounts.reduce((n, a) => n + a.margin, 0),
    refunded: sum(accounts.map((a) => a.refunded)),
    failed,
    open,
    failureRate: known > 0 ? failed.count / known : null,
  };
  return (
    <table className="report-table report-accounts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reports.accounts.account')}</th>
          <th scope="col">{t('reports.accounts.sent')}</th>
          <th scope="col">{t('reports.success')}</th>
          <th scope="col">{t('reports.margin')}</th>
          <th scope="col">{t('reports.accounts.refunds')}</th>
          <th scope="col">{t('reports.totals.failed')}</th>
          <th scope="col">{t('reports.accounts.failureRate')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <Row key={a.account} figures={a} />
        ))}
      </tbody>
      <tfoot>
        <Row figures={total} total />
      </tfoot>
    </table>
  );
}
