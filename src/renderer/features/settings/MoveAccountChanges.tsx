import { useTranslation } from 'react-i18next';
import type { MoveChangeRow } from './move-account-rows';

/** A cell's value: addresses, usernames and profile names stay in Latin; routing on/off is worded. */
function Value({ row, value }: { row: MoveChangeRow; value: string }) {
  const { t } = useTranslation();
  if (value === '') return null;
  if (row.what === 'routes') return <>{value === 'on' ? t('move.changes.routingOn') : t('move.changes.routingOff')}</>;
  return (
    <span className="mono" translate="no">
      {value}
    </span>
  );
}

/**
 * What a move file would change in the accounts, side by side: one row per change, this computer's
 * value beside the file's, so an address or username swapped in a file is seen before it is kept.
 */
export function MoveAccountChanges({ rows }: { rows: readonly MoveChangeRow[] }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="error-banner">
        {t('move.changes.banner')}
      </p>
      <table className="report-table move-changes">
        <caption id="move-changes-title">{t('move.changes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('move.changes.account')}</th>
            <th scope="col">{t('move.changes.what')}</th>
            <th scope="col">{t('move.changes.now')}</th>
            <th scope="col">{t('move.changes.file')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">
                {row.account === null ? (
                  t(row.what === 'routes' ? 'move.changes.routing' : 'move.changes.mainAccount')
                ) : (
                  <span translate="no">{row.account}</span>
                )}
              </th>
              <td>{t(`move.changes.kinds.${row.what}`)}</td>
              <td>
                <Value row={row} value={row.now} />
              </td>
              <td>
                <Value row={row} value={row.file} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
