import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function rechargeHandlers(ctx: HandlerContext): HandlersFor<'recharge'> {
  return {
    'recharge:submit': async (req) => (await ctx.session()).recharge.submit(req),
    'recharge:route': async ({ operator, amount }) => (await ctx.session()).router.preview(operator, amount),
  };
}
