import type { Channel } from '../../../shared/ipc/contract';
import type { DoneAction } from '../../../shared/done-actions';

/**
 * The channels that change how the shop's money is handled without writing money themselves: the
 * shop's settings, its accounts and their secrets, routing, people and PINs, the books put back
 * from a file. Each is recorded as someone's (issue 38 item 1) once it has succeeded; the money
 * channels record themselves, with the row they wrote (done-by-sql.ts).
 */
export const CHANGE_CHANNELS: Partial<Record<Channel, DoneAction>> = {
  'settings:update': 'settings',
  'customer:setValidity': 'settings',
  'khata:setLimit': 'settings',
  'shop:configure': 'settings',
  'backup:setFolder': 'settings',
  'auth:save': 'account',
  'auth:clear': 'account',
  'profile:use': 'account',
  'routing:setToken': 'account',
  'backup:restore': 'account',
  'backup:import': 'account',
  'routing:save': 'routing',
  'routing:resume': 'routing',
  'lock:setPin': 'settings',
  'lock:resetPin': 'settings',
  'lock:addPerson': 'settings',
  'lock:renamePerson': 'settings',
  'lock:resetPersonPin': 'settings',
  'lock:removePerson': 'settings',
};

/**
 * What a change names where it is kept: the channel, and what of it changed (a settings patch's
 * parts, an account, a customer) so the owner's day list can say it; never a value typed (a PIN,
 * a token, an address).
 */
export function changeRef(channel: Channel, request: unknown): string {
  const r = typeof request === 'object' && request !== null ? (request as Record<string, unknown>) : {};
  const part =
    channel === 'settings:update'
      ? Object.keys(r).sort().join(',')
      : typeof r.account === 'string'
        ? r.account
        : typeof r.number === 'string'
          ? r.number
          : '';
  return part ? `${channel} ${part}` : channel;
}
