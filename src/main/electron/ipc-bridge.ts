import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../shared/ipc/contract';
import { EVENT_WIRE_CHANNEL } from '../../shared/ipc/channel-names';
import { err } from '../../shared/result';
import { isTrustedSender } from '../core/security/trusted-sender';
import type { Core } from '../core/create-core';

/**
 * Connects the core's router to ipcMain. Each call's sender frame is checked first; the payload
 * then goes to the router untouched, which parses it with the contract's schema. The core may still
 * be opening (the window loads meanwhile): calls wait for it, events flow once it is open.
 */
export function bridgeIpc(core: Core | Promise<Core>, rendererUrl: string, getWindow: () => BrowserWindow | null): () => void {
  const opening = Promise.resolve(core);
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, payload: unknown) => {
      const frame = event.senderFrame;
      const trusted = isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null, rendererUrl);
      if (!trusted) return err('forbidden', {});
      let open: Core;
      try {
        open = await opening;
      } catch {
        // The start's own failure box says what went wrong; the window is closing.
        return err('internal', {});
      }
      return open.router.dispatch(channel, payload);
    });
  }
  let unbridged = false;
  let unsubscribe = () => {};
  opening.then(
    (open) => {
      if (unbridged) return;
      unsubscribe = open.events.subscribe((event, payload) => {
        const win = getWindow();
        if (win && !win.isDestroyed()) win.webContents.send(EVENT_WIRE_CHANNEL, { event, payload });
      });
    },
    () => {},
  );
  return () => {
    unbridged = true;
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
