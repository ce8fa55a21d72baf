/**
 * The contract's channel and event names alone, without their schemas: what the preload and the
 * harness bridge need to refuse a name outside the contract, at no cost to the window's start (the
 * schemas are built once, in the page, by createDeskApi). contract.ts holds its lists to these.
 */
export const CHANNEL_NAMES = [
  'app:info',
  'app:update',
  'app:saveDiagnostics',
  'app:notices',
  'app:dismissNotice',
  'app:practice',
  'backup:status',
  'backup:run',
  'backup:setFolder',
  'backup:list',
  'backup:restore',
  'backup:export',
  'backup:import',
  'app:restartToUpdate',
  'recharge:submit',
  'recharge:route',
  'txn:attempts',
  'sale:doubles',
  'sale:doubleChecked',
  'sale:unreceived',
  'sale:markReceived',
  'sale:toGiveBack',
  'sale:settle',
  'sale:answerFix',
  'txn:history',
  'txn:get',
  'txn:open',
  'txn:check',
  'txn:lastForNumber',
  'txn:answerChange',
  'balance:get',
  'balance:refresh',
  'balance:accounts',
  'complaint:create',
  'auth:status',
  'auth:save',
  'auth:clear',
  'auth:test',
  'settings:get',
  'settings:update',
  'clipboard:write',
  'shop:status',
  'shop:configure',
  'shop:history',
  'shop:report',
  'shop:day',
  'complaint:list',
  'report:summary',
  'report:wallet',
  'report:people',
  'report:export',
  'receipt:get',
  'receipt:print',
  'receipt:printers',
  'dayclose:get',
  'dayclose:close',
  'dayclose:list',
  'customer:get',
  'customer:save',
  'customer:find',
  'customer:names',
  'customer:due',
  'customer:atCounter',
  'customer:validity',
  'customer:setValidity',
  'khata:get',
  'khata:pay',
  'khata:correct',
  'khata:setLimit',
  'khata:setLang',
  'khata:dues',
  'khata:reminder',
  'lock:status',
  'lock:setPin',
  'lock:unlock',
  'lock:lock',
  'lock:touch',
  'lock:resetPin',
  'lock:addPerson',
  'lock:renamePerson',
  'lock:resetPersonPin',
  'lock:removePerson',
  'profile:list',
  'profile:check',
  'profile:use',
  'profile:bench',
  'profile:test',
  'profile:export',
  'files:choose',
  'files:list',
  'routing:get',
  'routing:save',
  'routing:resume',
  'routing:setToken',
] as const;

export const EVENT_NAMES = [
  'lock:changed',
  'txn:updated',
  'app:updateReady',
  'balance:updated',
  'connection:changed',
  'app:notice',
  'app:noticeCleared',
  'routing:changed',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];
export type EventWireName = (typeof EVENT_NAMES)[number];

const channels: ReadonlySet<string> = new Set(CHANNEL_NAMES);
const events: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && channels.has(name);
}

export function isEventWireName(name: unknown): name is EventWireName {
  return typeof name === 'string' && events.has(name);
}

/** IPC channel names used on the wire by Electron; one for calls' events, kept out of `domain:action`. */
export const EVENT_WIRE_CHANNEL = 'desk:event';
