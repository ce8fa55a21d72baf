import { useTranslation } from 'react-i18next';
import type { StatementLine } from '../../../shared/khata/khata-schemas';
import { useFormat } from '../../hooks/use-format';
import { dateAt } from '../customers/due-date';
import { correctable, correctedLine, lineWhat } from './khata-lines';

// Another counter's entry ids are its own: the counter's name keeps the keys apart.
const lineKey = (l: StatementLine) => `${l.counter ?? ''}:${l.id !== null ? `e${l.id}` : `s${l.refId ?? ''}`}`;

/** Every credit sale and payment, newest first, with the due after each; "Correct" on a line adds an entry naming it. */
export function StatementTable({ lines, onCorrect }: { lines: readonly StatementLine[]; onCorrect: (l: StatementLine) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (lines.length === 0) return <p>{t('khata.statement.empty')}</p>;
  return (
    <table className="khata-statement">
      <thead>
        <tr>
          <th scope="col">{t('khata.statement.when')}</th>
          <th scope="col">{t('khata.statement.what')}</th>
          <th scope="col" className="num">
            {t('khata.statement.amount')}
          </th>
          <th scope="col" className="num">
            {t('khata.statement.due')}
          </th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => {
          const corrected = correctedLine(l, lines);
          return (
            <tr key={lineKey(l)} data-kind={l.kind}>
              <td>{f.dayMonth(dateAt(l.date))}</td>
              <td>
                {lineWhat(l, t)}
                {l.counter !== null && <span className="field-hint"> · {t('khata.statement.atCounter', { counter: l.counter })}</span>}
                {corrected && (
                  <span className="field-hint">
                    {' · '}
                    {t('khata.statement.correctsLine', {
                      date: f.dayMonth(dateAt(corrected.date)),
                      what: lineWhat(corrected, t),
                      amount: f.money(Math.abs(corrected.delta)),
                    })}
                  </span>
                )}
              </td>
              <td className="num">
                {l.delta > 0 ? '+' : '−'}
                {f.money(Math.abs(l.delta))}
              </td>
              <td className="num khata-running">{f.money(l.due)}</td>
              <td>
                {correctable(l) && (
                  <button type="button" className="button-quiet" onClick={() => onCorrect(l)}>
                    {t('khata.statement.correct')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
