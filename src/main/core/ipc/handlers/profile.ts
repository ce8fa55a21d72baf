import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function profileHandlers(ctx: HandlerContext): HandlersFor<'profile'> {
  return {
    'profile:list': () => ctx.profiles.list(),
    'profile:check': (req) => ctx.profiles.check(req.text),
    'profile:use': (req) => ctx.profiles.use(req),
    'profile:bench': (req) => ctx.profiles.bench(req.text),
    'profile:test': (req) => ctx.profiles.test(req),
    'profile:export': (req) => ctx.profiles.export(req.id, ctx.exportTarget),
  };
}
