import { UserFacingError } from '../../errors/user-facing-error';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

/**
 * Staff count the drawer blind: one day's totals are its expected cash, so staff get them only
 * once that day's count is recorded (the close-the-day panel takes the count).
 */
async function countedFirst(ctx: HandlerContext, r: { from: string; to: string }): Promise<void> {
  if (r.from !== r.to || ctx.lock.status().role === 'owner') return;
  const day = (await ctx.session()).dayClose.get(r.from);
  // A day with no sale gives nothing away: its (empty) book stays open to staff.
  if (day.closes.length === 0 && day.success.count > 0) throw new UserFacingError('count_first', { date: r.from });
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
