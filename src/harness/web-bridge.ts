import { createDeskApi } from '../shared/ipc/desk-api';
import type { EventName } from '../shared/ipc/contract';
import type {} from '../renderer/window-desk';

/**
 * Runs in the browser before the app's own script: gives the page the same `window.desk` the
 * preload gives it in Electron, carried over HTTP (`POST /ipc/<channel>`) and server-sent events.
 */
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
let source: EventSource | null = null;

function ensureEventSource(): void {
  if (source) return;
  source = new EventSource('/events');
  source.onmessage = (message) => {
    let parsed: { event?: EventName; payload?: unknown };
    try {
      parsed = JSON.parse(message.data as string) as typeof parsed;
    } catch {
      return;
    }
    if (!parsed.event) return;
    for (const listener of listeners.get(parsed.event) ?? []) listener(parsed.payload);
  };
}

window.desk = createDeskApi({
  async invoke(channel, payload) {
    const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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
});
