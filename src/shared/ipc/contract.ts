import { z } from 'zod';

/**
 * The one declaration of everything that crosses between the renderer and the main process.
 * Channels are `domain:action`; both sides are typed from this object, and the main side parses
 * every request with its schema before any handler sees it. Requests are strict objects so that
 * stray keys (`__proto__`, typos) are refused rather than silently carried along.
 */
export const contract = {
  channels: {
    'app:info': {
      request: z.strictObject({}),
      response: z.object({
        name: z.string(),
        version: z.string(),
        mode: z.enum(['demo', 'live']),
        dataDir: z.string(),
      }),
    },
  },
  events: {
    'app:notice': z.object({
      level: z.enum(['info', 'warning', 'error']),
      code: z.string().max(64),
      message: z.string().max(2000),
    }),
  },
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract['channels'];
export type EventName = keyof Contract['events'];
export type RequestOf<C extends Channel> = z.input<Contract['channels'][C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<Contract['channels'][C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract['channels'][C]['response']>;
export type EventPayloadOf<E extends EventName> = z.output<Contract['events'][E]>;

export const CHANNELS = Object.keys(contract.channels) as Channel[];
export const EVENTS = Object.keys(contract.events) as EventName[];

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract.channels, name);
}

export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(contract.events, name);
}

/** IPC channel names used on the wire by Electron; one for calls' events, kept out of `domain:action`. */
export const EVENT_WIRE_CHANNEL = 'desk:event';
