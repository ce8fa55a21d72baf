import { describe, expect, it } from 'vitest';
import { daySummaryText, type DaySummary } from '../../../src/shared/words/day-summary';
import type { DayClose, DayMoney } from '../../../src/shared/day-close-schemas';

const none = { count: 0, amount: 0 };
const noMoney: DayMoney = {
  cash: { sales: 0, payments: 0, givenBack: 0, expected: 0 },
  upi: { received: 0, payments: 0, givenBack: 0, expected: 0 },
  credit: { given: 0, reversed: 0, collected: 0, kept: 0 },
};
// 28 Nov 2026, 6:30 pm India time.
const evening = Date.parse('2026-11-28T18:30:00+05:30');

const busyDay: DaySummary = {
  date: '2026-11-28',
  shop: 'Sharma Mobile',
  totals: {
    success: { count: 4, amount: 94_600 },
    failed: { count: 1, amount: 9_900 },
    refunded: none,
    open: { count: 1, amount: 23_900 },
    margin: 2_365,
  },
  payments: [
    { method: 'cash', count: 2, cash: 34_800, upi: 0, credit: 0 },
    { method: 'upi', count: 1, cash: 0, upi: 29_900, credit: 0 },
    { method: 'split', count: 1, cash: 10_000, upi: 19_900, credit: 0 },
  ],
  money: {
    cash: { sales: 54_700, payments: 50_000, givenBack: 9_900, expected: 94_800 },
    upi: { received: 49_800, payments: 0, givenBack: 0, expected: 49_800 },
    credit: { given: 0, reversed: 0, collected: 50_000, kept: 0 },
  },
  close: null,
  wallet: { at: evening, buyer: 1_234_500 },
};

const counted: DayClose = {
  date: '2026-11-28',
  revision: 1,
  closedAt: evening,
  expected: 94_800,
  counted: 94_100,
  difference: -700,
  successCount: 4,
  openCount: 1,
  note: '',
  upiExpected: 49_800,
  upiCounted: 49_800,
  upiDifference: 0,
};

describe('the day summary to share', () => {
  it('tells an uncounted day in English: counts, amounts, how customers paid, khata, given back, commission, wallet', () => {
    expect(daySummaryText('en', busyDay)).toBe(
      [
        'Day summary: Sharma Mobile, 28 Nov 2026',
        'Went through: 4 recharges, ₹946.00',
        'Failed: 1 recharge',
        'Still being checked: 1 recharge, ₹239.00',
        'How customers paid (went through):',
        '• Cash: 2 recharges, ₹348.00',
        '• UPI: 1 recharge, ₹299.00',
        '• Cash + UPI: 1 recharge, ₹299.00 (₹100.00 cash + ₹199.00 UPI)',
        'Khata collected: ₹500.00',
        'Money given back: ₹99.00',
        'Commission earned: ₹23.65',
        'Wallet: ₹12,345.00 (at 6:30 pm)',
        'Cash: not counted yet.',
      ].join('\n'),
    );
  });

  it('tells a counted day in Hindi, in Devanagari, with the count against expected and the difference', () => {
    const text = daySummaryText('hi', { ...busyDay, close: counted });
    expect(text.split('\n')).toEqual([
      'दिन का हिसाब: Sharma Mobile, 28 नव॰ 2026',
      'सफल: 4 रिचार्ज, ₹946.00',
      'विफल: 1 रिचार्ज',
      'जाँच जारी: 1 रिचार्ज, ₹239.00',
      'ग्राहकों ने कैसे चुकाया (सफल रिचार्ज):',
      '• नकद: 2 रिचार्ज, ₹348.00',
      '• UPI से: 1 रिचार्ज, ₹299.00',
      '• नकद + UPI: 1 रिचार्ज, ₹299.00 (₹100.00 नकद + ₹199.00 UPI)',
      'खाते में जमा हुआ: ₹500.00',
      'लौटाया गया पैसा: ₹99.00',
      'कमाया कमीशन: ₹23.65',
      expect.stringMatching(/^वॉलेट: ₹12,345\.00 \(शाम 6:30 पर\)$/),
      'गिना हुआ नकद ₹941.00, अपेक्षित ₹948.00: ₹7.00 कम',
      'UPI ऐप ₹498.00, अपेक्षित ₹498.00: बराबर',
    ]);
    // No English word slipped in: only the shop's own name, "UPI" and "₹" figures are Latin.
    expect(text.replaceAll('Sharma Mobile', '').replaceAll('UPI', '')).not.toMatch(/[A-Za-z]/);
  });

  it('tells a counted day in English, over and matching too', () => {
    const over = daySummaryText('en', { ...busyDay, close: { ...counted, counted: 95_000, difference: 200 } });
    expect(over).toContain('Cash counted ₹950.00, expected ₹948.00: ₹2.00 over');
    expect(over).toContain('UPI app ₹498.00, expected ₹498.00: matches');
    expect(over).not.toContain('not counted');
  });

  it('says beside the closing what changed since the count, in both languages, and keeps the count as counted', () => {
    // A ₹199 cash sale after the count: the drawer should hold ₹199 more than the closing expected.
    const later: DaySummary = {
      ...busyDay,
      close: counted,
      money: { ...busyDay.money, cash: { ...busyDay.money.cash, expected: 114_700 } },
    };
    expect(daySummaryText('en', later)).toContain(
      'Cash counted ₹941.00, expected ₹948.00: ₹7.00 short\nSince the count, cash expected changed by +₹199.00\n',
    );
    expect(daySummaryText('hi', later)).toContain('गिनती के बाद अपेक्षित नकद में +₹199.00 का बदलाव');
    expect(daySummaryText('en', { ...busyDay, close: counted })).not.toContain('Since the count');
  });

  it('tells a day with nothing plainly, in both languages, with no empty figures', () => {
    const empty: DaySummary = {
      date: '2026-11-27',
      shop: '',
      totals: { success: none, failed: none, refunded: none, open: none, margin: null },
      payments: [],
      money: noMoney,
      close: null,
      wallet: null,
    };
    expect(daySummaryText('en', empty)).toBe(['Day summary: 27 Nov 2026', 'No recharges this day.', 'Cash: not counted yet.'].join('\n'));
    expect(daySummaryText('hi', empty)).toBe(
      ['दिन का हिसाब: 27 नव॰ 2026', 'इस दिन कोई रिचार्ज नहीं हुआ।', 'नकद: अभी गिना नहीं गया।'].join('\n'),
    );
  });

  it('names a wallet reading from another day with its date, so an old figure is not read as today’s', () => {
    const text = daySummaryText('en', { ...busyDay, wallet: { at: evening - 86_400_000, buyer: 500_000 } });
    expect(text).toContain('Wallet: ₹5,000.00 (at 27 Nov 2026, 6:30 pm)');
  });
});
