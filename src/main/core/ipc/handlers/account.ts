import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

const status = (ctx: HandlerContext) => ({ ...ctx.auth.status(), callbackUrl: ctx.callbackUrl() });

export function authHandlers(ctx: HandlerContext): HandlersFor<'auth'> {
  return {
    'auth:status': () => status(ctx),
    'auth:save': async (req) => {
      await ctx.auth.save(req);
      await ctx.reopen();
      return status(ctx);
    },
    'auth:clear': async () => {
      ctx.auth.clear();
      await ctx.reopen();
      return status(ctx);
    },
    'auth:test': (req) => ctx.auth.test(req),
  };
}

export function settingsHandlers(ctx: HandlerContext): HandlersFor<'settings'> {
  return {
    'settings:get': () => ctx.settings.get(),
    'settings:update': async (patch) => {
      const before = ctx.auth.mode();
      const updated = ctx.settings.update(patch);
      if (ctx.auth.mode() !== before) await ctx.reopen();
      await ctx.settingsChanged();
      ctx.lock.rearm();
      return updated;
    },
  };
}
