import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { preventableEvent, standIn } from './state';

const packageSchema = z.object({ name: z.string(), productName: z.string().optional(), version: z.string() });

/** Electron reads name and version from the app's package.json: the one above the main script. */
/** The folder with the app's package.json, as Electron's app.getAppPath() gives it unpackaged; null if none. */
function appDir(): string | null {
  let dir = dirname(resolve(process.argv[1] ?? '.'));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

function appPackage(): z.infer<typeof packageSchema> {
  const dir = appDir();
  if (!dir) return { name: 'electron-standin', version: '0.0.0' };
  return packageSchema.parse(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
}

/** The windows' side of quitting, filled in by browser-window.ts (which imports this file). */
export const windowHooks = {
  closeAll: (): boolean => true,
  count: (): number => 0,
  shutdown: async (): Promise<void> => {},
};

/**
 * Electron's `app`: ready after the main script's first turn, paths from ELECTRON_STANDIN_USER_DATA,
 * Electron's quit sequence (before-quit, windows closed, will-quit that can be prevented, quit),
 * and `exit()` that ends the process at once, recorded.
 */
export class StandInApp extends EventEmitter {
  private ready = false;
  private quitting = false;
  private exiting = false;
  private readonly pkg = appPackage();
  private readonly paths = new Map<string, string>();
  private readonly readyPromise: Promise<void>;
  readonly commandLine = { appendSwitch: (_name: string, _value?: string) => {}, hasSwitch: () => false };
  appUserModelId: string | null = null;

  constructor() {
    super();
    this.readyPromise = new Promise((done) => {
      this.becomeReady = () => {
        if (this.ready) return;
        this.ready = true;
        this.emit('will-finish-launching');
        this.emit('ready', {}, {});
        done();
      };
    });
    // Electron is ready only after the main script has run its first turn. In-process tests,
    // whose imports take several turns, say when (ELECTRON_STANDIN_READY=manual).
    if (process.env['ELECTRON_STANDIN_READY'] !== 'manual') setTimeout(() => this.becomeReady(), 20);
  }

  /** Makes the app ready now (in-process tests with ELECTRON_STANDIN_READY=manual). */
  becomeReady: () => void = () => {};

  get name(): string {
    return this.pkg.productName ?? this.pkg.name;
  }
  get isPackaged(): boolean {
    return standIn.switches.isPackaged;
  }
  isReady(): boolean {
    return this.ready;
  }
  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  getName(): string {
    return this.name;
  }
  getVersion(): string {
    return this.pkg.version;
  }
  getAppPath(): string {
    return appDir() ?? process.cwd();
  }
  getLocale(): string {
    return 'en-US';
  }
  getPath(name: string): string {
    const set = this.paths.get(name);
    if (set) return set;
    const userData = process.env['ELECTRON_STANDIN_USER_DATA'];
    if (!userData) throw new Error('electron stand-in: set ELECTRON_STANDIN_USER_DATA to a temp folder');
    switch (name) {
      case 'userData':
        return userData;
      case 'appData':
        return dirname(userData);
      case 'logs':
        return join(userData, 'logs');
      case 'temp':
        return tmpdir();
      case 'home':
        return homedir();
      case 'exe':
        return process.execPath;
      default:
        return join(userData, name);
    }
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  setAppUserModelId(id: string): void {
    this.appUserModelId = id;
    standIn.record({ kind: 'app', event: 'setAppUserModelId', detail: id });
  }
  requestSingleInstanceLock(): boolean {
    const got = !standIn.switches.secondInstance;
    standIn.record({ kind: 'app', event: 'requestSingleInstanceLock', detail: got ? 'granted' : 'held by another instance' });
    return got;
  }
  hasSingleInstanceLock(): boolean {
    return !standIn.switches.secondInstance;
  }
  releaseSingleInstanceLock(): void {}
  focus(): void {}
  relaunch(): void {
    standIn.record({ kind: 'app', event: 'relaunch', detail: '' });
  }
  get isQuitting(): boolean {
    return this.quitting;
  }

  quit(): void {
    if (this.quitting || this.exiting) return;
    this.quitting = true;
    standIn.record({ kind: 'app', event: 'quit', detail: '' });
    const before = preventableEvent({});
    this.emit('before-quit', before);
    if (before.defaultPrevented || !windowHooks.closeAll()) {
      this.quitting = false;
      return;
    }
    const willQuit = preventableEvent({});
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      standIn.record({ kind: 'app', event: 'will-quit prevented', detail: '' });
      this.quitting = false;
      return;
    }
    this.emit('quit', {}, 0);
    this.exit(0);
  }

  exit(code = 0): void {
    if (this.exiting) return;
    this.exiting = true;
    standIn.record({ kind: 'exit', code });
    void windowHooks.shutdown().finally(() => standIn.exitProcess(code));
  }

  /** Electron quits by itself when the last window closes, unless the app listens for it. */
  lastWindowClosed(): void {
    if (this.quitting || this.exiting) return;
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }
}

export const app = new StandInApp();
