import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function complaintHandlers(ctx: HandlerContext): HandlersFor<'complaint'> {
  return {
    'complaint:create': async ({ refId, reason }) => ({ complaint: await (await ctx.session()).complaints.create(refId, reason) }),
    'complaint:list': async () => ({ items: (await ctx.session()).complaints.list() }),
  };
}
