import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:electron`: only the tests that start the real Electron binary, one at a time (each
// starts a whole app). `npm test` finds them too and skips them unless the binary is there.
export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  test: {
    environment: 'node',
    include: ['test/electron/**/*.electron.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
