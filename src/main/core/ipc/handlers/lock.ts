import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function lockHandlers(ctx: HandlerContext): HandlersFor<'lock'> {
  return {
    'lock:status': () => ctx.lock.status(),
    'lock:setPin': ({ pin }) => ctx.lock.setPin(pin),
    'lock:unlock': ({ pin }) => ctx.lock.unlock(pin),
    'lock:lock': () => ctx.lock.lock(),
    'lock:touch': () => ctx.lock.touch(),
    'lock:resetPin': ({ token, pin }) => ctx.lock.resetPin(token, pin),
  };
}
