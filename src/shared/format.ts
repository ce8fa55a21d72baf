/**
 * Dates, times and money for people to read, through Intl so each language gets its own month
 * names and grouping ("22 Nov 2026", "22 नव॰ 2026", "₹1,23,456.00"). Always India time: the
 * shop, the provider and the customer all live on it, whatever the PC's clock zone says.
 */
import type { Language } from './language';

const LOCALE: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
const ZONE = 'Asia/Kolkata';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(lang: Language, kind: 'date' | 'time' | 'dayMonth'): Intl.DateTimeFormat {
  const key = `${lang}:${kind}`;
  const hit = cache.get(key);
  if (hit instanceof Intl.DateTimeFormat) return hit;
  const options: Intl.DateTimeFormatOptions =
    kind === 'date'
      ? { day: 'numeric', month: 'short', year: 'numeric', timeZone: ZONE }
      : kind === 'dayMonth'
        ? { day: 'numeric', month: 'short', timeZone: ZONE }
        : lang === 'hi'
          ? // "सुबह 10:42", "शाम 5:30": the part of the day in words, as Hindi reads a clock (never a Latin "am").
            { hour: 'numeric', minute: '2-digit', dayPeriod: 'short', timeZone: ZONE }
          : { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: ZONE };
  const made = new Intl.DateTimeFormat(LOCALE[lang], options);
  cache.set(key, made);
  return made;
}

/** 22 Nov 2026 / 22 नव॰ 2026 */
export function formatDate(at: number, lang: Language): string {
  return dateFormat(lang, 'date').format(at);
}

/** 22 Nov / 22 नव॰, for dense rows where the year is plain from the list. */
export function formatDayMonth(at: number, lang: Language): string {
  return dateFormat(lang, 'dayMonth').format(at);
}

/** 10:42 am / सुबह 10:42, 12-hour as Indian users read a clock. */
export function formatTime(at: number, lang: Language): string {
  return dateFormat(lang, 'time').format(at);
}

export function formatDateTime(at: number, lang: Language): string {
  return `${formatDate(at, lang)}, ${formatTime(at, lang)}`;
}

/**
 * A day the books keep as India time's YYYY-MM-DD, worded as the screens word dates (28 Nov 2026 /
 * 28 नव॰ 2026): receipts, the statement and the reminder said `2026-11-28` (issue 40). Read at
 * noon India time, so no zone puts it on another day. Anything not a date is left as it is.
 */
export function formatIsoDay(day: string, lang: Language): string {
  const at = Date.parse(`${day}T12:00:00+05:30`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(at) ? formatDate(at, lang) : day;
}

/** A day and India clock time as the books keep them (YYYY-MM-DD, HH:MM[:SS]), worded as formatDateTime. */
export function formatIsoDayTime(day: string, time: string, lang: Language): string {
  const at = Date.parse(`${day}T${time}+05:30`);
  return Number.isFinite(at) ? formatDateTime(at, lang) : `${day} ${time}`;
}

/**
 * Paise as rupees with the symbol and Indian grouping. Paise are integers below 2^53, so paise/100
 * is exact to the paisa when Intl rounds it to two decimals.
 */
export function formatMoney(paise: number, lang: Language, options: { wholeRupees?: boolean } = {}): string {
  const whole = options.wholeRupees === true;
  const key = `${lang}:money:${whole}`;
  let made = cache.get(key);
  if (!(made instanceof Intl.NumberFormat)) {
    made = new Intl.NumberFormat(LOCALE[lang], {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    cache.set(key, made);
  }
  return made.format(paise / 100);
}

/** A plain count or rupee figure with Indian grouping (10,000), no symbol. */
export function formatCount(n: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALE[lang]).format(n);
}

/** A share (0–1) as a percentage with at most one decimal: 0.125 → "12.5%". */
export function formatPercent(share: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
