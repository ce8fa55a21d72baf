import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Frame, Page, Route, Request as PlaywrightRequest } from 'playwright-core';
import { launchChromium } from '../chromium';
import { app, windowHooks } from './app';
import { ipcMain, type StandInFrame } from './ipc-main';
import { DELIVER_FUNCTION, INVOKE_BINDING, preloadInitScript } from './preload-shim';
import { handlerFor, toBrowserUrl, toElectronUrl } from './protocol';
import { preventableEvent, standIn } from './state';
import { printPage, standInPrinters, type PrintCallback, type StandInPrintOptions } from './printing';

let browser: Promise<Browser> | null = null;
const getBrowser = () => (browser ??= launchChromium());

const windows = new Set<StandInBrowserWindow>();

function frameOf(frame: Frame): StandInFrame {
  const parent = frame.parentFrame();
  let top = frame;
  while (top.parentFrame()) top = top.parentFrame() ?? top;
  const self: StandInFrame = {
    url: toElectronUrl(frame.url()),
    parent: parent ? frameOf(parent) : null,
    get top() {
      return top === frame ? self : frameOf(top);
    },
  };
  return self;
}

async function fulfilFromHandler(route: Route, request: PlaywrightRequest, electronUrl: string): Promise<boolean> {
  const handler = handlerFor(electronUrl);
  if (!handler) return false;
  const method = request.method();
  const body = request.postDataBuffer();
  const response = await handler(
    new Request(electronUrl, {
      method,
      headers: request.headers(),
      body: body && method !== 'GET' && method !== 'HEAD' ? body : undefined,
    }),
  );
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  return true;
}

interface WindowOpenDetails {
  url: string;
}
type WindowOpenHandler = (details: WindowOpenDetails) => { action: 'allow' | 'deny' };

/** webContents: one Chromium page; crashes and navigations become Electron's events. */
export class StandInWebContents extends EventEmitter {
  readonly id: number;
  private static nextId = 1;
  private context: Promise<BrowserContext>;
  private pagePromise: Promise<Page>;
  private crashed = false;
  private destroyed = false;
  private windowOpenHandler: WindowOpenHandler | null = null;
  /** The URL loadURL is going to; its navigation is not a will-navigate. */
  private expected: string | null = null;
  private lastUrl = '';
  private lastOpenDecision: 'allow' | 'deny' | null = null;

  constructor(
    private readonly size: { width: number; height: number },
    private readonly preload: string | null,
  ) {
    super();
    this.id = StandInWebContents.nextId++;
    this.context = this.makeContext();
    this.pagePromise = this.context.then((c) => this.makePage(c));
  }

  private async makeContext(): Promise<BrowserContext> {
    const context = await (await getBrowser()).newContext({ viewport: this.size });
    await context.exposeBinding(INVOKE_BINDING, async (source, channel: unknown, args: unknown) => {
      if (typeof channel !== 'string' || !Array.isArray(args)) throw new Error('bad invoke');
      const event = { sender: this, senderFrame: frameOf(source.frame), processId: 1, frameId: 1 };
      return ipcMain.invokeFromRenderer(event, channel, args);
    });
    if (this.preload) {
      // Electron logs a preload it cannot read and loads the page without it.
      if (existsSync(this.preload)) await context.addInitScript({ content: preloadInitScript(this.preload) });
      else standIn.record({ kind: 'console', level: 'error', text: `Unable to load preload script: ${this.preload}` });
    }
    await context.route('**/*', (route, request) => this.route(route, request));
    context.on('page', (popup) => void this.popup(popup));
    return context;
  }

  private async makePage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('crash', () => {
      this.crashed = true;
      this.emit('render-process-gone', preventableEvent({}), { reason: 'crashed', exitCode: 139 });
    });
    page.on('console', (m) => standIn.record({ kind: 'console', level: m.type(), text: m.text() }));
    page.on('pageerror', (e) => standIn.record({ kind: 'console', level: 'pageerror', text: e.message }));
    return page;
  }

  private async route(route: Route, request: PlaywrightRequest): Promise<void> {
    try {
      const electronUrl = toElectronUrl(request.url());
      const page = await this.pagePromise.catch(() => null);
      if (request.isNavigationRequest()) {
        let frame: Frame | null;
        try {
          frame = request.frame();
        } catch {
          // A new window's first navigation comes before its frame exists.
          frame = null;
        }
        if (!frame || frame.page() !== page) {
          // window.open: Electron asks the handler before any window exists.
          const decision = this.windowOpenHandler?.({ url: electronUrl }) ?? { action: 'allow' };
          this.lastOpenDecision = decision.action;
          standIn.record({ kind: 'window', event: `window.open ${decision.action}`, url: electronUrl });
          if (decision.action === 'deny') {
            await route.abort('blockedbyclient');
            return;
          }
        } else if (frame === page?.mainFrame()) {
          if (this.expected !== request.url()) {
            const event = preventableEvent({ url: electronUrl });
            this.emit('will-navigate', event, electronUrl);
            if (event.defaultPrevented) {
              standIn.record({ kind: 'window', event: 'navigation refused', url: electronUrl });
              await route.abort('aborted');
              return;
            }
          }
          this.expected = null;
        }
      }
      if (await fulfilFromHandler(route, request, electronUrl)) return;
      await route.continue();
    } catch (e) {
      standIn.record({ kind: 'console', level: 'stand-in', text: `routing ${request.url()} failed: ${String(e)}` });
      await route.abort('failed').catch(() => {});
    }
  }

  private async popup(popup: Page): Promise<void> {
    if (popup === (await this.pagePromise.catch(() => null))) return;
    await popup.waitForLoadState('domcontentloaded').catch(() => {});
    if (this.lastOpenDecision !== 'allow') await popup.close().catch(() => {});
    this.lastOpenDecision = null;
  }

  page(): Promise<Page> {
    return this.pagePromise;
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.pagePromise;
    this.lastUrl = url;
    const target = toBrowserUrl(url);
    this.expected = target;
    standIn.record({ kind: 'window', event: 'loadURL', url });
    try {
      await page.goto(target, { waitUntil: 'load' });
    } finally {
      this.expected = null;
    }
    this.emit('did-finish-load');
  }

  getURL(): string {
    return this.lastUrl;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed || this.crashed) return;
    void this.pagePromise
      .then((page) =>
        page.evaluate(
          ([fn, c, a]) => {
            const deliver: unknown = Reflect.get(globalThis, fn);
            if (typeof deliver === 'function') deliver(c, a);
          },
          [DELIVER_FUNCTION, channel, args] as const,
        ),
      )
      .catch(() => {});
  }

  /** A reload after a crash needs a new renderer: Chromium's crashed page is gone for good. */
  reload(): void {
    void (async () => {
      if (this.crashed) {
        const old = await this.pagePromise;
        this.pagePromise = this.context.then((c) => this.makePage(c));
        this.crashed = false;
        await old.close().catch(() => {});
        await this.loadURL(this.lastUrl);
      } else {
        const page = await this.pagePromise;
        await page.reload();
      }
      standIn.record({ kind: 'window', event: 'reload', url: this.lastUrl });
    })().catch((e) => standIn.record({ kind: 'console', level: 'stand-in', text: `reload failed: ${String(e)}` }));
  }

  print(options: StandInPrintOptions = {}, callback: PrintCallback = () => {}): void {
    void this.pagePromise.then((page) => printPage(page, options, callback));
  }

  getPrintersAsync(): Promise<ReturnType<typeof standInPrinters>> {
    return Promise.resolve(standInPrinters());
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  isCrashed(): boolean {
    return this.crashed;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }

  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
    await (await this.context.catch(() => null))?.close().catch(() => {});
  }
}

interface WindowOptions {
  width?: number;
  height?: number;
  show?: boolean;
  webPreferences?: { preload?: string; contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean };
}

/** BrowserWindow: a Chromium page of the window's size; `ready-to-show` after the first load. */
export class StandInBrowserWindow extends EventEmitter {
  static getAllWindows(): StandInBrowserWindow[] {
    return [...windows];
  }
  static getFocusedWindow(): StandInBrowserWindow | null {
    return [...windows][0] ?? null;
  }

  readonly webContents: StandInWebContents;
  private visible: boolean;
  private minimized = false;
  private destroyed = false;
  private shownOnce = false;

  constructor(options: WindowOptions = {}) {
    super();
    if (!app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    const prefs = options.webPreferences ?? {};
    if (prefs.nodeIntegration) throw new Error('the electron stand-in runs only sandboxed, context-isolated windows');
    this.visible = options.show !== false;
    this.webContents = new StandInWebContents({ width: options.width ?? 800, height: options.height ?? 600 }, prefs.preload ?? null);
    this.webContents.on('did-finish-load', () => {
      if (this.shownOnce) return;
      this.shownOnce = true;
      this.emit('ready-to-show');
    });
    windows.add(this);
    app.emit('web-contents-created', preventableEvent({}), this.webContents);
    app.emit('browser-window-created', preventableEvent({}), this);
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }
  loadFile(file: string): Promise<void> {
    return this.webContents.loadURL(pathToFileURL(file).href);
  }
  show(): void {
    this.visible = true;
    standIn.record({ kind: 'window', event: 'show', url: this.webContents.getURL() });
  }
  hide(): void {
    this.visible = false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  focus(): void {
    standIn.record({ kind: 'window', event: 'focus', url: this.webContents.getURL() });
  }
  minimize(): void {
    this.minimized = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  reload(): void {
    this.webContents.reload();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setTitle(_title: string): void {}

  /** Returns false when a 'close' listener kept the window open. */
  close(): boolean {
    if (this.destroyed) return true;
    const event = preventableEvent({});
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    windows.delete(this);
    void this.webContents.destroy();
    this.emit('closed');
    if (windows.size === 0) app.lastWindowClosed();
  }
}

windowHooks.closeAll = () => [...windows].every((w) => w.close());
windowHooks.count = () => windows.size;
windowHooks.shutdown = async () => {
  for (const w of [...windows]) w.destroy();
  const b = browser;
  browser = null;
  if (b) await (await b.catch(() => null))?.close().catch(() => {});
};
