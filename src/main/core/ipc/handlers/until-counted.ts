import { istDate } from '../../../../shared/ist-date';
import { MAX_REPORT_DAYS } from '../../../../shared/report-schemas';
import { UserFacingError } from '../../errors/user-facing-error';
import type { HandlerContext } from '../handler-context';
import { withheldUntilCounted, type WithMargin } from '../../dayclose/until-counted-rule';

const DAY = 86_400_000;
const LAST_INSTANT = 8.64e15;

/**
 * Staff count the drawer blind: a day's totals are its expected cash, so staff get a report only
 * once every day in it that took money has its count recorded. A range of many days sums the
 * uncounted day into its totals too, so it is refused the same way (issue 38).
 */
export async function countedFirst(ctx: HandlerContext, r: { from: string; to: string }): Promise<void> {
  if (ctx.lock.status().role === 'owner') return;
  const date = (await ctx.session()).dayClose.uncountedIn(r);
  if (date) throw new UserFacingError('count_first', { date });
}

/**
 * The same for the whole shop's report (shared ledger), which holds this counter's totals too. Its
 * range is instants and may be longer than a report's: the newest year of it is what is looked at.
 */
export async function countedFirstOver(ctx: HandlerContext, r: { from: number; to: number }): Promise<void> {
  // Beyond the last instant a Date holds there are no days to format, nor sales to count.
  const end = Math.min(r.to, LAST_INSTANT);
  const to = istDate(end - 1);
  const from = istDate(Math.max(r.from, end - (MAX_REPORT_DAYS - 1) * DAY));
  await countedFirst(ctx, { from: from > to ? to : from, to });
}

/**
 * History's rows as staff may see them (withheldUntilCounted), asking once per day of the page
 * whether it is counted: a staff History page over 50 uncounted days once ran 50 day reports.
 */
export async function untilCounted<T extends WithMargin>(
  ctx: HandlerContext,
  items: readonly T[],
): Promise<(T & { untilCounted?: true })[]> {
  if (ctx.lock.status().role === 'owner') return [...items];
  const { dayClose } = await ctx.session();
  const counted = new Map<string, boolean>();
  const isCounted = (date: string) => {
    if (!counted.has(date)) counted.set(date, dayClose.counted(date));
    return counted.get(date) === true;
  };
  return items.map((t) => withheldUntilCounted(t, isCounted));
}

/** One recharge, as untilCounted withholds it. */
export async function oneUntilCounted<T extends WithMargin>(ctx: HandlerContext, txn: T): Promise<T & { untilCounted?: true }> {
  return (await untilCounted(ctx, [txn]))[0] ?? txn;
}
