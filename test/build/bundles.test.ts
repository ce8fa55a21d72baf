import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

function code(dir: string, ext: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

// node:http's ESM face reads every export, and its lazy ones load Node's own undici (~40 ms of a
// start): the servers require it (main/core/callback/http-server.ts, sandbox/http/create-server.ts).
// An import of it anywhere would bring that cost back.
const ESM_HTTP = /from\s*["'](node:)?http["']|import\(\s*["'](node:)?http["']\s*\)/;

describe('start-up cost of what the bundles load', () => {
  it('npm run web’s bundle (src/build/web.mjs) requires node:http, never imports it', () => {
    // A wrong flag: the launcher builds (when a source is newer) and the harness refuses to start.
    const run = spawnSync(process.execPath, ['src/build/web.mjs', '--no-such-flag'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toContain('usage: npm run web');
    expect(run.status).toBe(2);
    const harness = code(join(ROOT, 'out/harness'), '.mjs');
    expect(harness).not.toMatch(ESM_HTTP);
    expect(harness).toContain('("node:http")');
  });

  it.runIf(existsSync(join(ROOT, 'out/main/index.js')))('the app’s main bundle requires node:http, never imports it', () => {
    const main = code(join(ROOT, 'out/main'), '.js');
    expect(main).not.toMatch(ESM_HTTP);
    expect(main).toContain('("node:http")');
  });
  it.runIf(existsSync(join(ROOT, 'out/renderer/index.html')))(
    'the window’s first script carries no zod: the schemas load with the first answer (desk-api.ts)',
    () => {
      const dir = join(ROOT, 'out/renderer');
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const entry = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeDefined();
      // zod's schemas all carry an `_zod` property, a name minifiers keep.
      expect(readFileSync(join(dir, entry!), 'utf8')).not.toContain('_zod');
      expect(code(join(dir, 'assets'), '.js')).toContain('_zod');
    },
  );
});
