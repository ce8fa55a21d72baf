import { BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';
import { APP_ENTRY_URL } from '../shell/app-origin';

export interface RendererLocation {
  /** URL the window loads, also the only page whose top frame may call IPC. */
  readonly url: string;
  /** The built renderer folder app:// serves; null when a dev server serves it. */
  readonly rendererDir: string | null;
  /** The built preload script the window runs before its page. */
  readonly preload: string;
}

/** Dev server when electron-vite runs in dev, otherwise the built renderer through app://. */
export function rendererLocation(): RendererLocation {
  const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devUrl) return { url: devUrl, rendererDir: null, preload };
  return { url: APP_ENTRY_URL, rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)), preload };
}

export function createMainWindow(preload: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'RechargeDesk',
    autoHideMenuBar: true,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would otherwise open links in a new window; with no links to open, turn it off.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  // Shown by the start (start-app.ts) once the core is open, never before: a start that fails shows no window.
  return win;
}
