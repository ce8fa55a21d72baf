import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';
import { countedFirst } from './until-counted';

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
