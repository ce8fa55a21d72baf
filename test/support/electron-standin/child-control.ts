import type { Page } from 'playwright-core';
import { commandSchema, type ControlMessage } from './control-protocol';
import { standIn } from './state';

/** What a parent's function gets to work with inside the app's process. */
export interface ChildContext {
  /** The page of the app's first window, as it is now (a reload after a crash replaces it). */
  page(): Promise<Page>;
  /** Kills the window's renderer, as a GPU or memory fault would. */
  crashRenderer(): Promise<void>;
  /** An exception nobody catches, thrown on main's event loop. */
  throwInMain(message: string): void;
  /** A rejected promise nobody handles, in main. */
  rejectInMain(message: string): void;
  /** What the shopkeeper's close or Alt+F4 leads to: Electron's app.quit(). */
  quit(): void;
}

const send = process.send?.bind(process);
const pending = new Set<Promise<void>>();

function post(message: ControlMessage): void {
  if (!send) return;
  const sent = new Promise<void>((done) => {
    send(message, undefined, undefined, () => done());
  });
  pending.add(sent);
  void sent.then(() => pending.delete(sent));
}

async function context(): Promise<ChildContext> {
  // Loaded on first use only: importing the stand-in starts its clock towards `ready`.
  const { app, BrowserWindow } = await import('./index');
  const page = async () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) throw new Error('the app has no window');
    return win.webContents.page();
  };
  return {
    page,
    async crashRenderer() {
      const p = await page();
      const cdp = await p.context().newCDPSession(p);
      await cdp.send('Page.crash').catch(() => {});
    },
    throwInMain(message) {
      setTimeout(() => {
        throw new Error(message);
      });
    },
    rejectInMain(message) {
      void Promise.reject(new Error(message));
    },
    quit() {
      setTimeout(() => app.quit(), 10);
    },
  };
}

if (send) {
  standIn.on('record', (record) => post({ type: 'record', record }));
  standIn.exitProcess = (code) => {
    void Promise.all([...pending]).finally(() => process.exit(code));
  };
  process.on('message', (raw) => {
    const command = commandSchema.safeParse(raw);
    if (!command.success) return;
    const { id, fn, arg } = command.data;
    void (async () => {
      try {
        // Test code written in the parent, run here where the window lives.
        const run: unknown = (0, eval)(`(${fn})`);
        if (typeof run !== 'function') throw new Error('not a function');
        const value: unknown = await run(await context(), arg);
        post({ type: 'answer', id, ok: true, value: value ?? null, error: '' });
      } catch (e) {
        post({ type: 'answer', id, ok: false, value: null, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      }
    })();
  });
  // Electron's main process lives until it quits or exits, whatever its event loop holds.
  setInterval(() => {}, 2 ** 30);
}
