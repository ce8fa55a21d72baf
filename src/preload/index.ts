import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DeskTransport } from '../shared/ipc/desk-api';
import { EVENT_WIRE_CHANNEL, isChannelName, isEventWireName } from '../shared/ipc/channel-names';

// The renderer gets window.deskWire and nothing else: no ipcRenderer, no Electron event objects.
// Its whole surface (see SECURITY.md): deskWire.invoke(channel, payload) for a channel of the IPC
// contract (src/shared/ipc/channel-names.ts) and deskWire.subscribe(event, listener) for its events,
// returning an unsubscribe; any other name is refused here. The page builds its typed window.desk on
// top (createDeskApi), checking every answer against the contract's schemas; main checks the sender
// frame and parses every payload. No schema is built here: the page builds them once, not twice.
const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(EVENT_WIRE_CHANNEL, (_event: IpcRendererEvent, message: { event?: unknown; payload?: unknown }) => {
  if (!isEventWireName(message?.event)) return;
  for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
});

const wire: DeskTransport = {
  invoke(channel, payload) {
    if (!isChannelName(channel)) return Promise.reject(new Error('That is not a RechargeDesk call.'));
    return ipcRenderer.invoke(channel, payload);
  },
  subscribe(event, listener) {
    if (!isEventWireName(event) || typeof listener !== 'function') throw new Error('That is not a RechargeDesk event.');
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  },
};

contextBridge.exposeInMainWorld('deskWire', wire);
