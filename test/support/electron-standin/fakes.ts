import { EventEmitter } from 'node:events';
import { standIn } from './state';

const ENCRYPTED = 'standin-encrypted:';

/** safeStorage: reversible "encryption" that the switches can make unavailable or undecryptable. */
export const safeStorage = {
  isEncryptionAvailable: (): boolean => standIn.switches.safeStorage !== 'unavailable',
  getSelectedStorageBackend: (): string => standIn.switches.linuxBackend,
  encryptString(text: string): Buffer {
    if (standIn.switches.safeStorage === 'unavailable') throw new Error('Encryption is not available.');
    return Buffer.from(ENCRYPTED + Buffer.from(text, 'utf8').toString('base64'));
  },
  decryptString(data: Buffer): string {
    const text = data.toString('utf8');
    if (standIn.switches.safeStorage !== 'available' || !text.startsWith(ENCRYPTED))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice(ENCRYPTED.length), 'base64').toString('utf8');
  },
};

interface MessageBoxOptions {
  type?: string;
  title?: string;
  message: string;
  detail?: string;
  buttons?: string[];
}

function messageBoxOptions(a: unknown, b: unknown): MessageBoxOptions {
  // Electron's signature takes an optional window first.
  const options = b ?? a;
  const o = typeof options === 'object' && options !== null ? options : {};
  const text = (key: string) => {
    const v: unknown = Object.entries(o).find(([k]) => k === key)?.[1];
    return typeof v === 'string' ? v : undefined;
  };
  return { title: text('title'), message: text('message') ?? '', detail: text('detail') };
}

/** dialog: every box is recorded with its words; a message box answers with the switch's button. */
export const dialog = {
  showErrorBox(title: string, content: string): void {
    standIn.record({ kind: 'dialog', method: 'showErrorBox', title, message: content, detail: '' });
  },
  showMessageBoxSync(a: unknown, b?: unknown): number {
    const o = messageBoxOptions(a, b);
    standIn.record({ kind: 'dialog', method: 'showMessageBox', title: o.title ?? '', message: o.message, detail: o.detail ?? '' });
    return standIn.switches.messageBoxResponse;
  },
  async showMessageBox(a: unknown, b?: unknown): Promise<{ response: number; checkboxChecked: boolean }> {
    return { response: dialog.showMessageBoxSync(a, b), checkboxChecked: false };
  },
  /** The OS open dialog: recorded with what it asked for (message: its properties, detail: where it started). */
  async showOpenDialog(a: unknown, b?: unknown): Promise<{ canceled: boolean; filePaths: string[] }> {
    const answer = fileDialog('showOpenDialog', b ?? a);
    return answer === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [answer] };
  },
  async showSaveDialog(a: unknown, b?: unknown): Promise<{ canceled: boolean; filePath: string }> {
    const answer = fileDialog('showSaveDialog', b ?? a);
    return answer === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: answer };
  },
};

/** Records a file dialog and takes the next scripted answer (Cancel when none is left). */
function fileDialog(method: string, options: unknown): string | null {
  const o = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
  const properties = Array.isArray(o['properties']) ? o['properties'].join(',') : '';
  const start = typeof o['defaultPath'] === 'string' ? o['defaultPath'] : '';
  standIn.record({ kind: 'dialog', method, title: typeof o['title'] === 'string' ? o['title'] : '', message: properties, detail: start });
  return standIn.switches.fileDialogAnswers.shift() ?? null;
}

/** Notification: shown ones are recorded; the switch can make the OS not support them. */
export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return standIn.switches.notificationsSupported;
  }
  private readonly title: string;
  private readonly body: string;
  constructor(options: { title?: string; body?: string } = {}) {
    super();
    this.title = options.title ?? '';
    this.body = options.body ?? '';
  }
  show(): void {
    standIn.record({ kind: 'notification', title: this.title, body: this.body });
  }
  close(): void {}
}

let clipboardText = '';

/** clipboard (Electron's promise API): a failing one takes nothing and says nothing, as a desktop without a clipboard owner does. */
export const clipboard = {
  async writeText(text: string): Promise<void> {
    standIn.record({ kind: 'clipboard', text });
    if (!standIn.switches.clipboardFails) clipboardText = text;
  },
  async readText(): Promise<string> {
    return clipboardText;
  },
  clear(): void {
    clipboardText = '';
  },
};

export const shell = {
  async openExternal(url: string): Promise<void> {
    standIn.record({ kind: 'shell', method: 'openExternal', target: url });
  },
  async openPath(path: string): Promise<string> {
    standIn.record({ kind: 'shell', method: 'openPath', target: path });
    return '';
  },
  showItemInFolder(path: string): void {
    standIn.record({ kind: 'shell', method: 'showItemInFolder', target: path });
  },
};

type PermissionHandler = (...args: unknown[]) => unknown;
type HeadersListener = (details: unknown, callback: (response: unknown) => void) => void;

/** session: the hardening calls are kept so a test can see they were made (they are not enforced). */
export class StandInSession {
  permissionRequestHandler: PermissionHandler | null = null;
  permissionCheckHandler: PermissionHandler | null = null;
  headersListener: HeadersListener | null = null;
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener | null) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(h: PermissionHandler | null): void {
    this.permissionRequestHandler = h;
  }
  setPermissionCheckHandler(h: PermissionHandler | null): void {
    this.permissionCheckHandler = h;
  }
}

const defaultSession = new StandInSession();
export const session = {
  defaultSession,
  fromPartition: (): StandInSession => defaultSession,
};

/** Electron's own updater module (electron-updater reaches for it only on macOS). */
export const autoUpdater = new EventEmitter();
