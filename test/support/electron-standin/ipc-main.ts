import { EventEmitter } from 'node:events';

export interface StandInFrame {
  readonly url: string;
  readonly parent: StandInFrame | null;
  readonly top: StandInFrame | null;
}

export interface StandInInvokeEvent {
  readonly sender: unknown;
  readonly senderFrame: StandInFrame | null;
  readonly processId: number;
  readonly frameId: number;
}

type InvokeHandler = (event: StandInInvokeEvent, ...args: unknown[]) => unknown;

/** Electron's `ipcMain`: `handle` answers the renderer's `invoke`; a second handle is an error. */
export class StandInIpcMain extends EventEmitter {
  private readonly handlers = new Map<string, InvokeHandler>();

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What Electron does for `ipcRenderer.invoke`: the handler's value, or its error, reworded. */
  async invokeFromRenderer(event: StandInInvokeEvent, channel: string, args: readonly unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    try {
      return await handler(event, ...args);
    } catch (e) {
      throw new Error(`Error invoking remote method '${channel}': ${e instanceof Error ? `Error: ${e.message}` : String(e)}`);
    }
  }
}

export const ipcMain = new StandInIpcMain();
