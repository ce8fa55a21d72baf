import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';
import { oneUntilCounted } from './until-counted';

export function rechargeHandlers(ctx: HandlerContext): HandlersFor<'recharge'> {
  return {
    'recharge:submit': async (req) => {
      const sent = await (await ctx.session()).recharge.submit(req);
      // The card's commission as History's: staff see none of a day not yet counted (issue 38).
      return { ...sent, txn: await oneUntilCounted(ctx, sent.txn) };
    },
    'recharge:route': async ({ operator, amount }) => (await ctx.session()).router.preview(operator, amount),
  };
}
