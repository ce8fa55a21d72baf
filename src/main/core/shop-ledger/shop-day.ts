import type { DayClose, DayMoney } from '../../../shared/day-close-schemas';
import type { ShopDay } from '../../../shared/ipc/shop-day-schemas';
import { cleanPeerText } from '../../../shared/peer-text';
import { dayMoney } from '../dayclose/day-money';
import type { Ledger } from '../ledger/ledger';
import type { MethodSales } from '../ledger/shop-day-sql';
import type { PeerClose } from '../ledger/shop-closes-sql';

type Counter = ShopDay['counters'][number];
type Figures = Pick<Counter, 'sales' | 'payments' | 'givenBack' | 'expected'>;
type Close = NonNullable<Counter['close']>;

const METHODS = ['cash', 'upi', 'credit', 'split'] as const;

function figures(sales: readonly MethodSales[], money: DayMoney): Figures {
  const of = (m: (typeof METHODS)[number]) => sales.filter((s) => s.method === m);
  const byMethod = Object.fromEntries(
    METHODS.map((m) => [
      m,
      { count: of(m).reduce((t, s) => t + s.n, 0), amount: of(m).reduce((t, s) => t + s.cash + s.upi + s.credit, 0) },
    ]),
  ) as Figures['sales'];
  return {
    sales: byMethod,
    payments: { cash: money.cash.payments, upi: money.upi.payments },
    givenBack: { cash: money.cash.givenBack, upi: money.upi.givenBack },
    expected: { cash: money.cash.expected, upi: money.upi.expected },
  };
}

/** A counter's newest close, its difference worked out from what it says (never taken from outside). */
function newest(closes: readonly (DayClose | PeerClose)[]): Close | null {
  const c = closes.at(-1);
  if (!c) return null;
  const byName = 'countedBy' in c ? (c.countedBy?.name ?? null) : 'byName' in c ? c.byName : null;
  return {
    revision: c.revision,
    closedAt: c.closedAt,
    counted: c.counted,
    upiCounted: c.upiCounted,
    expected: c.expected,
    upiExpected: c.upiExpected,
    difference: c.counted - c.expected,
    upiDifference: c.upiCounted === null || c.upiExpected === null ? null : c.upiCounted - c.upiExpected,
    byName: byName === null ? null : cleanPeerText(byName),
  };
}

/**
 * The whole shop's day for the owner (issue 37 item 3): per counter, its sales by method, payments
 * taken, give-backs and the cash and UPI it should hold, with its close if it closed; then the
 * shop's total. This counter's figures are its own close's (`own`, from DayCloseService); each
 * other counter's are added up here by the same rule (dayMoney) from its sales and entries pulled
 * into the peer tables, which never hold this counter's records (the pull refuses them), so no
 * record is counted twice. A peer's close is its counter's count, shown as told: its `expected`
 * says what that counter saw, and never enters the totals (shop-close-record.ts says why).
 */
export function shopDay(
  ledger: Pick<Ledger, 'shopDay' | 'shopRecords'>,
  me: { prefix: string; name: string },
  own: { money: DayMoney; closes: DayClose[] },
  date: string,
): ShopDay {
  const counters: Counter[] = [
    {
      counter: me.prefix,
      counterName: me.name,
      own: true,
      ...figures(ledger.shopDay.ownSales(date), own.money),
      close: newest(own.closes),
    },
  ];
  const peerSales = ledger.shopDay.peerSales(date);
  const peerEntries = ledger.shopDay.peerEntries(date);
  const peerCloses = ledger.shopRecords.closes.forDate(date);
  const peers = [...new Set([...peerSales, ...peerEntries, ...peerCloses].map((r) => r.counter))].sort();
  for (const counter of peers) {
    const counterName = cleanPeerText(ledger.shopDay.nameOf(counter)) || counter;
    const sales = peerSales.filter((s) => s.counter === counter);
    const entries = peerEntries.filter((e) => e.counter === counter);
    const parts = { cash: 0, upi: 0, credit: 0 };
    for (const s of sales) {
      parts.cash += s.cash;
      parts.upi += s.upi;
      parts.credit += s.credit;
    }
    // A peer's recharges without a sale (made before sales were kept) never travel: nothing to add for them.
    const money = dayMoney({ sales: parts, successWithSale: 0, entries }, 0);
    const close = newest(peerCloses.filter((c) => c.counter === counter));
    counters.push({ counter, counterName, own: false, ...figures(sales, money), close });
  }
  return { date, counters, total: total(counters) };
}

function total(counters: readonly Counter[]): ShopDay['total'] {
  const sum = (pick: (c: Counter) => number, of: readonly Counter[] = counters) => of.reduce((t, c) => t + pick(c), 0);
  const pair = (pick: (c: Counter) => { cash: number; upi: number }, of?: readonly Counter[]) => ({
    cash: sum((c) => pick(c).cash, of),
    upi: sum((c) => pick(c).upi, of),
  });
  const closed = counters.filter((c) => c.close !== null);
  const counted = { cash: sum((c) => c.close?.counted ?? 0), upi: sum((c) => c.close?.upiCounted ?? 0) };
  const expected = pair((c) => c.expected);
  const sales = Object.fromEntries(
    METHODS.map((m) => [m, { count: sum((c) => c.sales[m].count), amount: sum((c) => c.sales[m].amount) }]),
  ) as Figures['sales'];
  return {
    sales,
    payments: pair((c) => c.payments),
    givenBack: pair((c) => c.givenBack),
    expected,
    counted,
    closed: closed.length,
    // Against the figures added up here, not the closes' own expected: a close cannot move the shop's books.
    difference: closed.length === counters.length ? { cash: counted.cash - expected.cash, upi: counted.upi - expected.upi } : null,
  };
}
