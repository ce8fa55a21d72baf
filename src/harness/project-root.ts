import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder (where out/ and node_modules are), found from this file's place in src/harness. */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
