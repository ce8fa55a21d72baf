import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function reportHandlers(ctx: HandlerContext): HandlersFor<'report'> {
  return {
    'report:summary': async (r) => (await ctx.session()).reports.report(r),
    'report:wallet': async (r) => (await ctx.session()).reports.wallet(r),
    'report:export': async ({ format, ...range }) => (await ctx.session()).reports.export(range, format, ctx.exportTarget),
  };
}
