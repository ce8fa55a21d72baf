import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Bundles web-bridge.ts for the browser in memory; the harness serves it at /__harness/bridge.js. */
export async function bundleBridgeScript(): Promise<string> {
  const entry = fileURLToPath(new URL('./web-bridge.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('the harness bridge did not bundle');
  return file.text;
}
