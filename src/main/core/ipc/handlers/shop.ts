import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';
import { countedFirstOver } from './until-counted';

export function shopHandlers(ctx: HandlerContext): HandlersFor<'shop'> {
  return {
    'shop:status': async () => ctx.shop.status(),
    'shop:configure': async (req) => {
      ctx.shop.configure(req);
      // The session picks the new shop ledger up when it opens again.
      await ctx.reopen();
      return ctx.shop.status();
    },
    'shop:history': async (req) => ({ items: await ctx.shop.history(req) }),
    'shop:report': async (req) => {
      await countedFirstOver(ctx, req);
      return ctx.shop.report(req);
    },
    'shop:day': async (req) => ctx.shop.day(req.date),
  };
}
