import { createRequire } from 'node:module';
import type * as Http from 'node:http';

/**
 * node:http's createServer, required rather than imported, as the app's own listener does
 * (main/core/callback/http-server.ts, which the sandbox may not import): node:http's ESM face loads
 * Node's own copy of undici for its lazy exports, ~40 ms of the start of whatever process runs this.
 */
export const createServer: typeof Http.createServer = (createRequire(import.meta.url)('node:http') as typeof Http).createServer;
