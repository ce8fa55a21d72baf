import { app } from './app';

export interface SchemePrivileges {
  standard?: boolean;
  secure?: boolean;
  supportFetchAPI?: boolean;
  corsEnabled?: boolean;
  bypassCSP?: boolean;
  stream?: boolean;
  codeCache?: boolean;
}

type Handler = (request: Request) => Response | Promise<Response>;

const privileged = new Map<string, SchemePrivileges>();
const handlers = new Map<string, Handler>();

/**
 * A privileged standard scheme has no equivalent that Chromium run alone knows, so its URLs are
 * shown to Chromium as https on a reserved host (a standard, secure origin of their own) and
 * answered by request routing; main only ever sees the scheme's own URLs.
 */
const BROWSER_SUFFIX = '.electron-standin.invalid';

export function toBrowserUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!match) return url;
  const scheme = (match[1] ?? '').toLowerCase();
  if (!handlers.has(scheme) || !privileged.get(scheme)?.standard || !privileged.get(scheme)?.secure) return url;
  return `https://${(match[2] ?? '').toLowerCase()}.${scheme}${BROWSER_SUFFIX}${match[3] || '/'}`;
}

export function toElectronUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname.endsWith(BROWSER_SUFFIX)) return url;
  const labels = parsed.hostname.slice(0, -BROWSER_SUFFIX.length).split('.');
  const scheme = labels.pop() ?? '';
  return `${scheme}://${labels.join('.')}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export function handlerFor(electronUrl: string): Handler | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(electronUrl)?.[1]?.toLowerCase() ?? '';
  return handlers.get(scheme) ?? null;
}

/** Electron's `protocol`, with its own rule that privileges are registered before `ready`. */
export const protocol = {
  registerSchemesAsPrivileged(schemes: readonly { scheme: string; privileges?: SchemePrivileges }[]): void {
    if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    for (const s of schemes) privileged.set(s.scheme.toLowerCase(), s.privileges ?? {});
  },
  handle(scheme: string, handler: Handler): void {
    if (!app.isReady()) throw new Error('protocol.handle cannot be used before the app is ready');
    if (handlers.has(scheme)) throw new Error(`The scheme "${scheme}" is already handled`);
    handlers.set(scheme.toLowerCase(), handler);
  },
  unhandle(scheme: string): void {
    handlers.delete(scheme.toLowerCase());
  },
  isProtocolHandled(scheme: string): boolean {
    return handlers.has(scheme.toLowerCase());
  },
};
