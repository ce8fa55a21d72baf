import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function balanceHandlers(ctx: HandlerContext): HandlersFor<'balance'> {
  return {
    'balance:get': async () => {
      const s = await ctx.session();
      return { balance: s.balances.last(), online: s.poller.isOnline, refused: s.balances.refusal() };
    },
    'balance:refresh': async () => ({ balance: await (await ctx.session()).balances.refresh() }),
  };
}
