import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createDeskApi } from '../shared/ipc/desk-api';
import { EVENT_WIRE_CHANNEL, type EventName } from '../shared/ipc/contract';

// The renderer gets window.desk and nothing else: no ipcRenderer, no Electron event objects.
// Its whole surface (see SECURITY.md): desk.<domain>.<action>(payload) for each channel of
// src/shared/ipc/contract.ts, answering a Result, and desk.on(event, listener) for the contract's
// events, returning an unsubscribe. Main checks the sender frame and parses every payload.
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

ipcRenderer.on(EVENT_WIRE_CHANNEL, (_event: IpcRendererEvent, message: { event: EventName; payload: unknown }) => {
  for (const listener of listeners.get(message?.event) ?? []) listener(message.payload);
});

const desk = createDeskApi({
  invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
  subscribe(event, listener) {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  },
});

contextBridge.exposeInMainWorld('desk', desk);
