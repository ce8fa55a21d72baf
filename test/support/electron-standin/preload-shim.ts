import { readFileSync } from 'node:fs';

/** Names the shim defines in the page; real Electron keeps these in an isolated world. */
export const INVOKE_BINDING = '__electronStandinInvoke';
export const DELIVER_FUNCTION = '__electronStandinDeliver';

/**
 * The real preload bundle (CommonJS, as a sandboxed preload is), run in the top frame before the
 * page's own scripts, with a `require('electron')` that gives it a contextBridge and an
 * ipcRenderer. `invoke` goes to main through a Playwright binding; main's `webContents.send`
 * comes back through a function the shim defines. The bundle is inlined, not eval'd, so the
 * page's CSP (no unsafe-eval) applies to the page exactly as it would.
 */
export function preloadInitScript(preloadFile: string): string {
  const source = readFileSync(preloadFile, 'utf8');
  return `(() => {
  if (window.top !== window) return;
  const listeners = new Map();
  Object.defineProperty(window, ${JSON.stringify(DELIVER_FUNCTION)}, {
    value: (channel, args) => {
      for (const listener of [...(listeners.get(channel) || [])]) listener({ sender: null }, ...args);
    },
  });
  const ipcRenderer = {
    invoke: (channel, ...args) => window[${JSON.stringify(INVOKE_BINDING)}](channel, args),
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel).add(listener);
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    removeAllListeners(channel) {
      listeners.delete(channel);
      return ipcRenderer;
    },
    send() {
      throw new Error('the electron stand-in has no ipcRenderer.send; use invoke');
    },
  };
  const deepFreeze = (value) => {
    if (value && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
    return Object.freeze(value);
  };
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (Object.prototype.hasOwnProperty.call(window, key)) throw new Error('Cannot bind an API on top of an existing property on the window object');
      Object.defineProperty(window, key, { value: deepFreeze(api), enumerable: true });
    },
  };
  const require = (id) => {
    if (id === 'electron') return { contextBridge, ipcRenderer };
    throw new Error("module not found: " + id);
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${source}
  })(require, module, module.exports);
})();`;
}
