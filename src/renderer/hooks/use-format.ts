import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent, formatDate, formatDateTime, formatDayMonth, formatMoney, formatTime } from '../../shared/format';
import { asLanguage } from '../../shared/language';

/** Date, time and money formatters in the screen's current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  return {
    lang,
    date: (at: number) => formatDate(at, lang),
    dayMonth: (at: number) => formatDayMonth(at, lang),
    time: (at: number) => formatTime(at, lang),
    dateTime: (at: number) => formatDateTime(at, lang),
    money: (paise: number) => formatMoney(paise, lang),
    rupees: (rupees: number) => formatMoney(rupees * 100, lang, { wholeRupees: true }),
    count: (n: number) => formatCount(n, lang),
    percent: (share: number) => formatPercent(share, lang),
  };
}
