import * as z from 'zod';
import type { TxnStatus } from '../../../shared/status';
import type { Ledger } from '../ledger/ledger';
import type { ShopReport } from './shop-types';

const groups = z.array(
  z.object({ counter: z.string(), counterName: z.string(), status: z.string(), n: z.number().int(), amount: z.number().int() }),
);
const OPEN: readonly string[] = ['Submitting', 'Unknown', 'Pending', 'Accepted', 'NeedsAttention'] satisfies TxnStatus[];
const NOT_CHARGED: readonly string[] = ['Failure', 'Error', 'Refunded'] satisfies TxnStatus[];

/**
 * The whole shop's totals over a range, per counter: this counter's from its own ledger, the
 * others' from what was last pulled. SQL aggregates on the created-time indexes, one pass each.
 */
export function shopReport(
  ledger: Pick<Ledger, 'db'>,
  me: { prefix: string; name: string },
  range: { from: number; to: number },
): ShopReport {
  const own = groups.parse(
    ledger.db
      .prepare(
        `SELECT @prefix AS counter, @name AS counterName, status, count(*) AS n, coalesce(sum(amount), 0) AS amount
         FROM txns WHERE created_at >= @from AND created_at < @to GROUP BY status`,
      )
      .all({ ...range, prefix: me.prefix, name: me.name }),
  );
  const others = groups.parse(
    ledger.db
      .prepare(
        `SELECT counter, max(counter_name) AS counterName, status, count(*) AS n, coalesce(sum(amount), 0) AS amount
         FROM shop_rows WHERE created_at >= @from AND created_at < @to GROUP BY counter, status`,
      )
      .all(range),
  );
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
      counterName: g.counterName,
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
