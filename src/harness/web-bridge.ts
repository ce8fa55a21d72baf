import type { DeskTransport } from '../shared/ipc/desk-api';
import { isChannelName, isEventWireName } from '../shared/ipc/channel-names';
import type {} from '../renderer/window-desk';
import { HARNESS_KEY_HEADER, HARNESS_KEY_META, HARNESS_KEY_PARAM } from './harness-key';

/**
 * Runs in the browser before the app's own script: gives the page the same `window.deskWire` the
 * preload gives it in Electron, carried over HTTP (`POST /ipc/<channel>`) and server-sent events.
 * Like the preload it builds no schema: the page checks answers against the contract itself.
 */
// The server wrote this run's key into the page; without it every call is refused.
const key = document.querySelector(`meta[name="${HARNESS_KEY_META}"]`)?.getAttribute('content') ?? '';
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let source: EventSource | null = null;

function ensureEventSource(): void {
  if (source) return;
  source = new EventSource(`/events?${HARNESS_KEY_PARAM}=${encodeURIComponent(key)}`);
  // The server counts this page in from the moment it answers, so an event raised after this mark
  // reaches the page. Tests wait for it before making the core speak (Electron has no such gap).
  source.onopen = () => {
    document.documentElement.dataset['deskEvents'] = 'open';
  };
  source.onmessage = (message) => {
    let parsed: { event?: unknown; payload?: unknown };
    try {
      parsed = JSON.parse(message.data as string) as typeof parsed;
    } catch {
      return;
    }
    if (!isEventWireName(parsed.event)) return;
    for (const listener of listeners.get(parsed.event) ?? []) listener(parsed.payload);
  };
}

const wire: DeskTransport = {
  async invoke(channel, payload) {
    if (!isChannelName(channel)) throw new Error('That is not a RechargeDesk call.');
    const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HARNESS_KEY_HEADER]: key },
      body: JSON.stringify(payload ?? {}),
    });
    return response.json();
  },
  subscribe(event, listener) {
    ensureEventSource();
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  },
};
window.deskWire = wire;
