import { appInfo } from '../../app-info';
import { UserFacingError } from '../../errors/user-facing-error';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function appHandlers(ctx: HandlerContext): HandlersFor<'app'> {
  return {
    'app:info': () => appInfo(ctx.app),
    'app:update': () => ctx.updater.state(),
    'app:saveDiagnostics': () => ctx.saveDiagnostics(),
    'app:notices': () => ({ items: ctx.notices.list() }),
    'app:dismissNotice': ({ id }) => ({ items: ctx.notices.dismiss(id) }),
    'app:practice': async () => ({ numbers: [...(await ctx.session()).practice] }),
    'app:restartToUpdate': async () => {
      if (ctx.updater.state().status !== 'ready') return { restarting: false };
      if ((await ctx.session()).recharge.busy) {
        throw new UserFacingError('busy_sending', { then: 'restart' });
      }
      ctx.updater.restart();
      return { restarting: true };
    },
  };
}
