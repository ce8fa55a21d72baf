import { UserFacingError } from '../../errors/user-facing-error';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

/**
 * Staff count the drawer blind: a day's totals are its expected cash, so staff get a report only
 * once every day in it that took money has its count recorded. A range of many days sums the
 * uncounted day into its totals too, so it is refused the same way (issue 38).
 */
async function countedFirst(ctx: HandlerContext, r: { from: string; to: string }): Promise<void> {
  if (ctx.lock.status().role === 'owner') return;
  const date = (await ctx.session()).dayClose.uncountedIn(r);
  if (date) throw new UserFacingError('count_first', { date });
}

export function reportHandlers(ctx: HandlerContext): HandlersFor<'report'> {
  return {
    'report:summary': async (r) => {
      await countedFirst(ctx, r);
      return (await ctx.session()).reports.report(r);
    },
    'report:wallet': async (r) => {
      await countedFirst(ctx, r);
      return (await ctx.session()).reports.wallet(r);
    },
    'report:export': async ({ format, ...range }) => (await ctx.session()).reports.export(range, format, ctx.exportTarget),
  };
}
