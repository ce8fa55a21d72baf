import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { en } from '../../src/renderer/i18n/en';

const RENDERER = resolve(import.meta.dirname, '../../src/renderer');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function has(path: string): boolean {
  let node: unknown = en;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return false;
    const obj = node as Record<string, unknown>;
    node = obj[part] ?? obj[`${part}_one`] ?? obj[`${part}_other`];
  }
  return typeof node === 'string' || (typeof node === 'object' && node !== null && `${path.split('.').at(-1)}_other` in (node as object));
}

describe('texts used by the screens', () => {
  it('every literal t() key exists in English (and so, by the parity test, in Hindi)', () => {
    const used = new Set<string>();
    for (const file of sources(RENDERER)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(80);
    expect([...used].filter((k) => !has(k) && !hasPlural(k))).toEqual([]);
  });
});

function hasPlural(path: string): boolean {
  const parts = path.split('.');
  const last = parts.pop()!;
  let node: unknown = en;
  for (const part of parts) node = (node as Record<string, unknown>)?.[part];
  return typeof node === 'object' && node !== null && `${last}_other` in node;
}
