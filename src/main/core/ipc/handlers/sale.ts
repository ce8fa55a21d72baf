import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function saleHandlers(ctx: HandlerContext): HandlersFor<'sale'> {
  return {
    'sale:unreceived': async () => ({ items: (await ctx.session()).sales.unreceived() }),
    'sale:markReceived': async ({ refId }) => ({ sale: (await ctx.session()).sales.markReceived(refId) }),
    'sale:toGiveBack': async () => ({ items: (await ctx.session()).moneyFollow.toGiveBack() }),
    'sale:doubles': async () => ({ items: (await ctx.session()).router.doubles.list() }),
    'sale:doubleChecked': async ({ saleId }) => ({ items: (await ctx.session()).router.doubles.markSeen(saleId) }),
    'sale:settle': async ({ refId, choice }) => ({ sale: (await ctx.session()).moneyFollow.settle(refId, choice) }),
    'sale:answerFix': async ({ refId, choice }) => ({ change: (await ctx.session()).answerFix.fix(refId, choice) }),
  };
}
