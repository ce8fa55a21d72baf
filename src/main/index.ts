import { createCore } from './core/create-core';
import { startElectronApp } from './electron/start-app';

// Composition root: the Electron adapters on one side, the core's services on the other.
startElectronApp((env) =>
  createCore({
    app: { name: 'RechargeDesk', version: env.version, dataDir: env.dataDir, mode: () => 'demo' },
    logger: { error: (message, detail) => console.error(message, detail) },
  }),
);
