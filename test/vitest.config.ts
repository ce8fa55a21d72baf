import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = resolve(import.meta.dirname, '..');

export default defineConfig({
  root,
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // A guard against hangs, not a timing goal: a 2-core CI machine starting ESLint or a
          // child process can take several seconds (timing goals live in `npm run bench`).
          testTimeout: 30_000,
          // The same for setup: a hook that starts a harness process or a sandbox waited 10 s (the
          // default) and timed out at load 13-20 while passing alone (token-echo, issue 39 item 5).
          hookTimeout: 60_000,
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/renderer/**'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: these machines have two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
