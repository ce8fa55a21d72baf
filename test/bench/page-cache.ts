import { writeFileSync } from 'node:fs';

/** Drops the OS page cache (root only), so the next read of any file comes from the disk. */
export function dropPageCache(): boolean {
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3\n');
    return true;
  } catch {
    return false;
  }
}
