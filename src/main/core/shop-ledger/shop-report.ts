import { statusesMeaning } from '../../../shared/money-law/status-money';
import type { Ledger } from '../ledger/ledger';
import { cleanPeerText } from '../../../shared/peer-text';
import type { ShopReport } from './shop-types';

// The money law's one table: a peer's status is outside text, so read as a string against it.
const OPEN: readonly string[] = statusesMeaning('held');
const NOT_CHARGED: readonly string[] = statusesMeaning('nothing');

/**
 * The whole shop's totals over a range, per counter: this counter's from its own ledger, the
 * others' from what was last pulled. SQL aggregates on the created-time indexes, one pass each.
 */
export function shopReport(
  ledger: Pick<Ledger, 'shop'>,
  me: { prefix: string; name: string },
  range: { from: number; to: number },
): ShopReport {
  const own = ledger.shop.ownGroups(me, range);
  const others = ledger.shop.otherGroups(range);
  const byCounter = new Map<string, ShopReport['counters'][number]>();
  const zero = () => ({ count: 0, amount: 0 });
  byCounter.set(me.prefix, {
    counter: me.prefix,
    counterName: me.name,
    own: true,
    all: zero(),
    success: zero(),
    open: zero(),
    notCharged: zero(),
  });
  for (const g of [...own, ...others]) {
    const c = byCounter.get(g.counter) ?? {
      counter: g.counter,
      counterName: cleanPeerText(g.counterName),
      own: false,
      all: zero(),
      success: zero(),
      open: zero(),
      notCharged: zero(),
    };
    byCounter.set(g.counter, c);
    const add = (t: { count: number; amount: number }) => {
      t.count += g.n;
      t.amount += g.amount;
    };
    add(c.all);
    if (g.status === 'Success') add(c.success);
    else if (OPEN.includes(g.status)) add(c.open);
    else if (NOT_CHARGED.includes(g.status)) add(c.notCharged);
  }
  return { counters: [...byCounter.values()] };
}
