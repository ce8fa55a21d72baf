import { useTranslation } from 'react-i18next';
import type { DayMoney } from '../../../shared/day-close-schemas';
import { Money } from '../../components/Money';

type Line = [key: string, value: number, sign?: '+' | '−'];

/**
 * The day's customer money as the close adds it up (issue 30 item 5): the cash the drawer should
 * hold and what it is made of, UPI to check against the UPI app's own list, and credit given and
 * collected. Every line is a sum the shopkeeper can find again in History.
 */
export function DayMoneyTable({ money }: { money: DayMoney }) {
  const { t } = useTranslation();
  const { cash, upi, credit } = money;
  // [words, paise, sign]; the last line of the first two is their total.
  const groups: { caption: string; lines: Line[]; total: boolean }[] = [
    {
      caption: t('closeDay.expected'),
      total: true,
      lines: [
        ['cashSales', cash.sales],
        ['cashPayments', cash.payments, '+'],
        ['cashGivenBack', cash.givenBack, '−'],
        ['expected', cash.expected],
      ],
    },
    {
      caption: t('closeDay.upi'),
      total: true,
      lines: [
        ['upiReceived', upi.received],
        ['upiPayments', upi.payments, '+'],
        ['upiGivenBack', upi.givenBack, '−'],
        ['upiExpected', upi.expected],
      ],
    },
    {
      caption: t('closeDay.credit'),
      total: false,
      lines: [
        ['creditGiven', credit.given],
        ['creditReversed', credit.reversed],
        ['creditCollected', credit.collected],
        ['creditKept', credit.kept],
      ],
    },
  ];
  return (
    <div className="day-money" aria-label={t('closeDay.money')} role="group">
      {groups.map((g) => (
        <table key={g.caption} className="report-table day-money-table">
          <caption>{g.caption}</caption>
          <tbody>
            {g.lines.map(([key, value, sign], i) => (
              <tr key={key} className={g.total && i === g.lines.length - 1 ? 'day-money-total' : undefined}>
                <th scope="row">
                  {sign && <span aria-hidden="true">{sign} </span>}
                  {t(`closeDay.${key}`)}
                </th>
                <td>
                  <Money value={value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
