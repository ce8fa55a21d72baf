import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * Electron's own binary cannot be downloaded here, so electron-builder packs a stand-in: a file
 * that carries a real fuse wire (sentinel, version 1, length, one byte per fuse, all enabled as
 * in a stock build), so the build's fuse step runs for real and its result can be read back.
 */
export function makeStandInElectron(dir: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\necho stand-in electron\n'),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, 8]),
    Buffer.from('11111111'),
    Buffer.alloc(64),
  ]);
  const binary = join(dir, 'electron');
  writeFileSync(binary, wire);
  chmodSync(binary, 0o755);
  writeFileSync(join(dir, 'version'), '45.4.1');
  writeFileSync(join(dir, 'LICENSE'), 'stand-in');
  return dir;
}
