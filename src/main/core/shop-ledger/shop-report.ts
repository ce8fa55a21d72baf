import { statusesMeaning } from '../../../shared/money-law/status-money';
import type { Ledger } from '../ledger/ledger';
import { cleanPeerText } from '../../../shared/peer-text';
import type { ShopReport } from './shop-types';

// The money law's one table: a peer's status is outside text, so read as a string against it.
const OPEN: readonly string[] = statusesMeaning('held');
const NOT_CHARGED: readonly string[] = statusesMeaning('nothing');
const WENT: readonly string[] = statusesMeaning('went');

type Total = ShopReport['counters'][number]['all'];
type Counter = ShopReport['counters'][number];
type Account = ShopReport['accounts'][number];
const zero = (): Total => ({ count: 0, amount: 0 });
const add = (t: Total, n: number, amount: number) => {
  t.count += n;
  t.amount += amount;
};

/**
 * The whole shop's totals over a range, per counter: this counter's from its own ledger, the
 * others' from what was last pulled. Each attempt the providers charged is a success; a sale is
 * counted once however many accounts it went to; a charge beyond a sale's first is a possible
 * double (in `success`, and told apart in `doubles`). The part per provider account is the whole
 * shop's, named as this counter names its accounts, else as the counter that sent the attempt did.
 * SQL aggregates on the created-time indexes, one pass each, and the later attempts apart.
 */
export function shopReport(
  ledger: Pick<Ledger, 'shop'>,
  me: { prefix: string; name: string; nameOf?: (accountId: string) => string },
  range: { from: number; to: number },
): ShopReport {
  const own = ledger.shop.ownGroups(me, range);
  const others = ledger.shop.otherGroups(range);
  const byCounter = new Map<string, Counter>();
  const byAccount = new Map<string, Account>();
  const blank = (counter: string, counterName: string, isOwn: boolean): Counter => ({
    counter,
    counterName,
    own: isOwn,
    all: zero(),
    success: zero(),
    open: zero(),
    notCharged: zero(),
    sales: zero(),
    doubles: zero(),
  });
  byCounter.set(me.prefix, blank(me.prefix, me.name, true));
  for (const g of [...own, ...others]) {
    const c = byCounter.get(g.counter) ?? blank(g.counter, cleanPeerText(g.counterName), false);
    byCounter.set(g.counter, c);
    add(c.all, g.n, g.amount);
    if (g.first === 1) add(c.sales, g.n, g.amount);
    if (WENT.includes(g.status)) add(c.success, g.n, g.amount);
    else if (OPEN.includes(g.status)) add(c.open, g.n, g.amount);
    else if (NOT_CHARGED.includes(g.status)) add(c.notCharged, g.n, g.amount);
    const a = byAccount.get(g.accountId) ?? { accountId: g.accountId, accountName: '', all: zero(), success: zero() };
    byAccount.set(g.accountId, a);
    if (!a.accountName) a.accountName = accountName(g.accountId, g.counter === me.prefix ? '' : g.accountName, me.nameOf);
    add(a.all, g.n, g.amount);
    if (WENT.includes(g.status)) add(a.success, g.n, g.amount);
  }
  for (const d of ledger.shop.doubleGroups(me, range)) {
    const c = byCounter.get(d.counter);
    if (c) add(c.doubles, d.n, d.amount);
  }
  return { counters: [...byCounter.values()], accounts: [...byAccount.values()] };
}

/** This counter's name for an account it has; else the sending counter's (cleaned); else its id. */
function accountName(id: string, theirs: string, nameOf: ((id: string) => string) | undefined): string {
  const mine = nameOf?.(id);
  if (mine && mine !== id) return mine.slice(0, 40);
  const told = cleanPeerText(theirs).slice(0, 40);
  return told || id;
}
