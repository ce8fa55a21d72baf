import { istDate } from '../../../../shared/ist-date';
import type { HandlerContext } from '../handler-context';

type WithMargin = { margin: number | null; createdAt: number };

/**
 * Staff get no commission of a day whose count is not recorded (issue 38): the core withholds it
 * here, on History's list and its details alike, rather than leave a screen to hide it. Each day
 * is asked once per reply.
 */
export async function untilCounted<T extends WithMargin>(
  ctx: HandlerContext,
  items: readonly T[],
): Promise<(T & { untilCounted?: true })[]> {
  if (ctx.lock.status().role === 'owner') return [...items];
  const { dayClose } = await ctx.session();
  const uncounted = new Map<string, boolean>();
  const isUncounted = (date: string) => {
    if (!uncounted.has(date)) uncounted.set(date, dayClose.uncountedIn({ from: date, to: date }) !== null);
    return uncounted.get(date) === true;
  };
  return items.map((t) => (t.margin !== null && isUncounted(istDate(t.createdAt)) ? { ...t, margin: null, untilCounted: true } : t));
}

/** One recharge, as untilCounted withholds it. */
export async function oneUntilCounted<T extends WithMargin>(ctx: HandlerContext, txn: T): Promise<T & { untilCounted?: true }> {
  return (await untilCounted(ctx, [txn]))[0] ?? txn;
}
