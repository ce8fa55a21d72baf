import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtAt, newestMtime } from './ensure-build';

/**
 * Bundles web-bridge.ts for the browser; the harness serves it at /__harness/bridge.js. The bundle
 * is kept in out/harness and made again only when the harness's or shared sources are newer, so a
 * start does not pay for esbuild each time.
 */
export async function bundleBridgeScript(projectRoot: string): Promise<string> {
  const cached = join(projectRoot, 'out/harness/bridge.js');
  const sources = Math.max(newestMtime(join(projectRoot, 'src/harness')), newestMtime(join(projectRoot, 'src/shared')));
  if (builtAt(cached) >= sources) return readFileSync(cached, 'utf8');
  // Loaded only when the bundle must be made again, not on every start.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(projectRoot, 'src/harness/web-bridge.ts')],
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
  try {
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(cached, file.text);
  } catch {
    // A read-only checkout still runs: the bundle is only not kept.
  }
  return file.text;
}
