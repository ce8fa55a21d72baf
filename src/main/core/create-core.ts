import { createRouter, type Handlers, type Router } from './ipc/router';
import { EventBus } from './ipc/event-bus';
import { appInfo, type AppInfoSource } from './app-info';

export interface CoreLogger {
  error(message: string, detail?: unknown): void;
}

export interface CoreOptions {
  readonly app: AppInfoSource;
  readonly logger: CoreLogger;
}

export interface Core {
  readonly router: Router;
  readonly events: EventBus;
  close(): Promise<void>;
}

/**
 * Builds the main-process services from their ports and exposes them through one router. Both
 * the Electron composition root and the web harness call this, so the harness runs the real core.
 */
export function createCore(options: CoreOptions): Core {
  const events = new EventBus();
  const handlers: Handlers = {
    'app:info': () => appInfo(options.app),
  };
  const router = createRouter(handlers, (channel, e) => options.logger.error(`IPC ${channel} failed`, e));
  return {
    router,
    events,
    async close() {},
  };
}
