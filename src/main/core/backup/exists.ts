import { access } from 'node:fs/promises';

/** existsSync without holding the thread: a drive taken out can keep a call on it waiting for seconds. */
export function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
