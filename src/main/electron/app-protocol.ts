import { protocol } from 'electron';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from '../shell/app-origin';
import { serveRendererRequest } from '../shell/renderer-files';

/** Must run before `ready`: Electron fixes a scheme's privileges when it starts. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

/** Answers app:// from the built renderer folder only (the rules are in shell/renderer-files). */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveRendererRequest(rendererDir, request));
}
