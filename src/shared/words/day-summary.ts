import type { Language } from '../language';
import type { Report } from '../report-schemas';
import type { DayClose, DayMoney } from '../day-close-schemas';
import { formatDateTime, formatIsoDay, formatMoney, formatTime } from '../format';
import { istDate } from '../ist-date';
import { RECEIPT_WORDS } from './receipt-words';

/**
 * One day as the Reports screen holds it, with its money: only a day whose amounts the viewer may
 * see (staff get no money of an uncounted day, issue 38) can be put into this shape.
 */
export interface DaySummary {
  /** India-time YYYY-MM-DD. */
  readonly date: string;
  readonly shop: string;
  readonly totals: Pick<Report['totals'], 'success' | 'failed' | 'refunded' | 'open' | 'margin'>;
  readonly payments: Report['payments'];
  readonly money: DayMoney;
  /** The day's latest closing (a recount stands for the count); null when it is not counted yet. */
  readonly close: DayClose | null;
  /** The latest wallet reading known for the day; null when there is none. */
  readonly wallet: { readonly at: number; readonly buyer: number } | null;
}

const WORDS = {
  en: {
    title: 'Day summary',
    recharges: (n: number) => `${n} recharge${n === 1 ? '' : 's'}`,
    none: 'No recharges this day.',
    success: 'Went through',
    failed: 'Failed',
    refunded: 'Refunded',
    open: 'Still being checked',
    paid: 'How customers paid (went through):',
    splitParts: (cash: string, upi: string) => `${cash} cash + ${upi} UPI`,
    collected: 'Khata collected',
    givenBack: 'Money given back',
    commission: 'Commission earned',
    wallet: (amount: string, at: string) => `Wallet: ${amount} (at ${at})`,
    counted: (counted: string, expected: string, difference: string) => `Cash counted ${counted}, expected ${expected}: ${difference}`,
    upiCounted: (counted: string, expected: string, difference: string) => `UPI app ${counted}, expected ${expected}: ${difference}`,
    matches: 'matches',
    short: (amount: string) => `${amount} short`,
    over: (amount: string) => `${amount} over`,
    notCounted: 'Cash: not counted yet.',
    sinceCount: (change: string) => `Since the count, cash expected changed by ${change}`,
  },
  hi: {
    title: 'दिन का हिसाब',
    recharges: (n: number) => `${n} रिचार्ज`,
    none: 'इस दिन कोई रिचार्ज नहीं हुआ।',
    success: 'सफल',
    failed: 'विफल',
    refunded: 'वापस हुए',
    open: 'जाँच जारी',
    paid: 'ग्राहकों ने कैसे चुकाया (सफल रिचार्ज):',
    splitParts: (cash: string, upi: string) => `${cash} नकद + ${upi} UPI`,
    collected: 'खाते में जमा हुआ',
    givenBack: 'लौटाया गया पैसा',
    commission: 'कमाया कमीशन',
    wallet: (amount: string, at: string) => `वॉलेट: ${amount} (${at} पर)`,
    counted: (counted: string, expected: string, difference: string) => `गिना हुआ नकद ${counted}, अपेक्षित ${expected}: ${difference}`,
    upiCounted: (counted: string, expected: string, difference: string) => `UPI ऐप ${counted}, अपेक्षित ${expected}: ${difference}`,
    matches: 'बराबर',
    short: (amount: string) => `${amount} कम`,
    over: (amount: string) => `${amount} ज़्यादा`,
    notCounted: 'नकद: अभी गिना नहीं गया।',
    sinceCount: (change: string) => `गिनती के बाद अपेक्षित नकद में ${change} का बदलाव`,
  },
} as const;

/**
 * The day's summary as a short text to share (WhatsApp, or pasted anywhere), in the screen's
 * language and with its dates and amounts: one fact per line, so it reads on a phone.
 */
export function daySummaryText(language: Language, d: DaySummary): string {
  const w = WORDS[language];
  const money = (p: number) => formatMoney(p, language);
  const { success, failed, refunded, open, margin } = d.totals;
  const difference = (diff: number) => (diff === 0 ? w.matches : diff < 0 ? w.short(money(-diff)) : w.over(money(diff)));
  const recharged = success.count + failed.count + refunded.count + open.count > 0;
  const givenBack = d.money.cash.givenBack + d.money.upi.givenBack;
  const lines: (string | false)[] = [
    `${w.title}: ${[d.shop.trim(), formatIsoDay(d.date, language)].filter(Boolean).join(', ')}`,
    !recharged && w.none,
    recharged && `${w.success}: ${w.recharges(success.count)}, ${money(success.amount)}`,
    recharged && `${w.failed}: ${w.recharges(failed.count)}`,
    refunded.count > 0 && `${w.refunded}: ${w.recharges(refunded.count)}, ${money(refunded.amount)}`,
    open.count > 0 && `${w.open}: ${w.recharges(open.count)}, ${money(open.amount)}`,
    d.payments.length > 0 && w.paid,
    ...d.payments.map((p) => {
      const total = money(p.cash + p.upi + p.credit);
      const parts = p.method === 'split' ? ` (${w.splitParts(money(p.cash), money(p.upi))})` : '';
      return `• ${RECEIPT_WORDS[language].methods[p.method]}: ${w.recharges(p.count)}, ${total}${parts}`;
    }),
    d.money.credit.collected > 0 && `${w.collected}: ${money(d.money.credit.collected)}`,
    givenBack > 0 && `${w.givenBack}: ${money(givenBack)}`,
    margin !== null && margin > 0 && `${w.commission}: ${money(margin)}`,
    d.wallet !== null &&
      w.wallet(
        money(d.wallet.buyer),
        istDate(d.wallet.at) === d.date ? formatTime(d.wallet.at, language) : formatDateTime(d.wallet.at, language),
      ),
    d.close === null ? w.notCounted : w.counted(money(d.close.counted), money(d.close.expected), difference(d.close.difference)),
    // Told beside the closing, never folded into it: the count stays what was counted.
    d.close !== null &&
      d.money.cash.expected !== d.close.expected &&
      w.sinceCount(`${d.money.cash.expected > d.close.expected ? '+' : '-'}${money(Math.abs(d.money.cash.expected - d.close.expected))}`),
    d.close !== null &&
      d.close.upiCounted !== null &&
      d.close.upiExpected !== null &&
      d.close.upiDifference !== null &&
      w.upiCounted(money(d.close.upiCounted), money(d.close.upiExpected), difference(d.close.upiDifference)),
  ];
  return lines.filter((l): l is string => typeof l === 'string').join('\n');
}
