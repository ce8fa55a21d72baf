import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function dayCloseHandlers(ctx: HandlerContext): HandlersFor<'dayclose'> {
  return {
    // Staff count blind: the expected cash reaches them only once their count is recorded.
    'dayclose:get': async ({ date }) => (await ctx.session()).dayClose.get(date, { blind: ctx.lock.status().role !== 'owner' }),
    'dayclose:close': async (r) => ({ close: (await ctx.session()).dayClose.close(r) }),
    'dayclose:list': async () => ({ items: (await ctx.session()).dayClose.list() }),
  };
}
