import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function routingHandlers(ctx: HandlerContext): HandlersFor<'routing'> {
  return {
    'routing:get': () => ctx.routing.view(),
    'routing:save': (req) => ctx.routing.save(req.rules),
    'routing:resume': (req) => ctx.routing.resume(req.account),
    'routing:setToken': (req) => ctx.routing.setToken(req.account, req.token),
  };
}
