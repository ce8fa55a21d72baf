import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'out/harness');

describe('npm run web’s bundle (src/build/web.mjs)', () => {
  it('requires node:http instead of importing its ESM face, which loads Node’s own undici (~40 ms of each start)', () => {
    // A wrong flag: the launcher builds (when a source is newer) and the harness refuses to start.
    const run = spawnSync(process.execPath, ['src/build/web.mjs', '--no-such-flag'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toContain('usage: npm run web');
    expect(run.status).toBe(2);
    const code = readdirSync(OUT)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(join(OUT, f), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from\s*["']node:http["']/);
    expect(code).toContain('require("node:http")');
  });
});
