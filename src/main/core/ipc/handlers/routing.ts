import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';
import type { RoutingView } from '../../../../shared/ipc/routing-schemas';

/** The store's view, with the accounts that paused themselves as the open session sees them now. */
async function withPauses(ctx: HandlerContext, view: Omit<RoutingView, 'pausedBy'>): Promise<RoutingView> {
  return { ...view, pausedBy: (await ctx.session()).router.pausedBy() };
}

export function routingHandlers(ctx: HandlerContext): HandlersFor<'routing'> {
  return {
    'routing:get': () => withPauses(ctx, ctx.routing.view()),
    'routing:save': (req) => withPauses(ctx, ctx.routing.save(req.rules)),
    'routing:resume': (req) => {
      const view = ctx.routing.resume(req.account);
      // The owner dealt with the pause: its alarm goes with it (issue 40); a new pause is told again.
      ctx.notices.clearKey('account_paused', req.account);
      return withPauses(ctx, view);
    },
    'routing:setToken': async (req) =>
      withPauses(ctx, await ctx.routing.setToken(req.account, req.credentials ? { credentials: req.credentials } : { token: req.token })),
  };
}
