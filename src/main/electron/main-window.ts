import { BrowserWindow } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface RendererLocation {
  /** URL the window loads, also the only origin whose frames may call IPC. */
  readonly url: string;
}

/** Dev server when electron-vite runs in dev, otherwise the built file next to this bundle. */
export function rendererLocation(): RendererLocation {
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devUrl) return { url: devUrl };
  const file = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
  return { url: pathToFileURL(file).toString() };
}

export function createMainWindow(location: RendererLocation): BrowserWindow {
  const win = new BrowserWindow({
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'RechargeDesk',
    autoHideMenuBar: true,
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
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
  win.once('ready-to-show', () => win.show());
  void win.loadURL(location.url);
  return win;
}
