import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function lockHandlers(ctx: HandlerContext): HandlersFor<'lock'> {
  return {
    'lock:status': () => ctx.lock.status(),
    'lock:setPin': ({ pin }) => ctx.lock.setPin(pin),
    'lock:unlock': ({ pin, person }) => ctx.lock.unlock(pin, person),
    'lock:lock': () => ctx.lock.lock(),
    'lock:touch': () => ctx.lock.touch(),
    'lock:resetPin': ({ token, pin }) => ctx.lock.resetPin(token, pin),
    'lock:addPerson': ({ name, pin }) => ctx.lock.addPerson(name, pin),
    'lock:renamePerson': ({ person, name }) => ctx.lock.renamePerson(person, name),
    'lock:resetPersonPin': ({ person, pin }) => ctx.lock.resetPersonPin(person, pin),
    'lock:removePerson': ({ person }) => ctx.lock.removePerson(person),
  };
}
