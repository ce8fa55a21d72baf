import { execFileSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDir } from './temp-folder';

export interface SmallDisk {
  readonly dir: string;
  /** Writes a filler file until the disk says ENOSPC. */
  fill(): void;
  /** Deletes the filler: the disk has room again. */
  free(): void;
  dispose(): void;
}

/**
 * A really small disk: a tmpfs of `size` mounted on a temp folder. Needs root (mount); returns
 * the reason instead when this machine refuses, so the test can say why it is skipped.
 */
export function mountSmallDisk(size = '4m'): SmallDisk | string {
  const dir = makeTempDir('small-disk');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    removeTempDir(dir);
    return `a tmpfs could not be mounted here (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
  const filler = join(dir, 'filler.bin');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(4096, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch {
        // ENOSPC: full. Squeeze out the last partial block too.
        try {
          for (;;) writeSync(fd, Buffer.alloc(1, 1));
        } catch {
          // full to the last byte
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    dispose() {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      } finally {
        removeTempDir(dir);
      }
    },
  };
}
