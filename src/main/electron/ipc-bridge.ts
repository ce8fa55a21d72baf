import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../shared/ipc/contract';
import { EVENT_WIRE_CHANNEL } from '../../shared/ipc/channel-names';
import { err } from '../../shared/result';
import { isTrustedSender } from '../core/security/trusted-sender';
import type { Core } from '../core/create-core';

/**
 * Connects the core's router to ipcMain. Each call's sender frame is checked first; the payload
 * then goes to the router untouched, which parses it with the contract's schema.
 */
export function bridgeIpc(core: Core, rendererUrl: string, getWindow: () => BrowserWindow | null): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, payload: unknown) => {
      const frame = event.senderFrame;
      const trusted = isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null, rendererUrl);
      if (!trusted) return err('forbidden', 'This request did not come from the RechargeDesk window and was refused.');
      return core.router.dispatch(channel, payload);
    });
  }
  const unsubscribe = core.events.subscribe((event, payload) => {
    const win = getWindow();
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_WIRE_CHANNEL, { event, payload });
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
