import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function saleHandlers(ctx: HandlerContext): HandlersFor<'sale'> {
  return {
    'sale:unreceived': async () => ({ items: (await ctx.session()).sales.unreceived() }),
    'sale:markReceived': async ({ refId }) => ({ sale: (await ctx.session()).sales.markReceived(refId) }),
    'sale:toGiveBack': async () => ({ items: (await ctx.session()).moneyFollow.toGiveBack() }),
    'sale:doubles': async () => ({ items: (await ctx.session()).router.doubles.list() }),
    'sale:doubleChecked': async ({ saleId }) => {
      const session = await ctx.session();
      const items = session.router.doubles.markSeen(saleId);
      // The owner walks on to the other counters: the check goes to the shop ledger now, not at the next timer.
      session.shop?.kick();
      return { items };
    },
    'sale:settle': async ({ refId, choice }) => ({ sale: (await ctx.session()).moneyFollow.settle(refId, choice) }),
    'sale:answerFix': async ({ refId, choice }) => ({ change: (await ctx.session()).answerFix.fix(refId, choice) }),
  };
}
