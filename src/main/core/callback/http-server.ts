import { createRequire } from 'node:module';
import type * as Http from 'node:http';

/**
 * node:http's createServer, required rather than imported. node:http's ESM face reads every export
 * it has, and its lazy ones (WebSocket, CloseEvent, MessageEvent) load Node's own copy of undici:
 * ~40 ms of every start of the app's main process and of the harness, for nothing a server uses.
 */
export const createServer: typeof Http.createServer = (createRequire(import.meta.url)('node:http') as typeof Http).createServer;
