import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';
import { countedFirst } from './until-counted';
import { peopleDay } from '../../reports/people-day';
import { PEOPLE_DAY_LIMIT } from '../../../../shared/people-day-limit';

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
    'report:people': async ({ day }) => {
      const rows = (await ctx.session()).ledger.doneBy.dayWithMoney(day, PEOPLE_DAY_LIMIT + 1);
      return peopleDay(day, rows);
    },
    'report:export': async ({ format, ...range }) => (await ctx.session()).reports.export(range, format, ctx.exportTarget),
  };
}
