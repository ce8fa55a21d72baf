import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './src/main/core/security/csp';

/** Writes the one CSP (src/main/core/security/csp.ts) into index.html: none to connect to when built, own origin for the dev server. */
function cspMeta(): Plugin {
  return {
    name: 'rechargedesk-csp',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, ctx) => html.replace('%RECHARGEDESK_CSP%', contentSecurityPolicy(ctx.server ? 'self' : 'none', 'meta')),
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      sourcemap: false,
      // zod is bundled (shaken), not loaded from node_modules at start, where it brings every locale
      // (~70 ms; the harness's bundle does the same, src/build/web.mjs). undici stays external:
      // bundled, its private class fields are more than electronegativity's parser reads, and the
      // security review of main must run. Libraries kept in devDependencies (re2js, fast-xml-parser,
      // qrcode) are bundled and shaken the same way, so the packaged app carries no node_modules copy.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      sourcemap: false,
      minify: true,
      // A sandboxed preload cannot require packages: bundle zod and the contract into it, as CJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), cspMeta()],
    build: {
      outDir: 'out/renderer',
      sourcemap: false,
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
