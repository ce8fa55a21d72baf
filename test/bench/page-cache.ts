import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/**
 * Drops the OS page cache (root only), so the next read of any file comes from the disk. Written
 * pages are flushed first: the kernel drops only clean pages, so a ledger the bench had just copied
 * stayed in memory and its "cold" start was a warm one.
 */
export function dropPageCache(): boolean {
  try {
    spawnSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3\n');
    return true;
  } catch {
    return false;
  }
}
