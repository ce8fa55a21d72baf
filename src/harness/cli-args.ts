import { parseArgs } from 'node:util';
import * as z from 'zod';

const argsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).optional(),
  'data-dir': z.string().min(1).optional(),
  temp: z.boolean().optional(),
  'accept-weak-token-protection': z.boolean().optional(),
});

export type HarnessArgs = { port?: number; dataDir?: string; temp: boolean; acceptWeakTokenProtection?: boolean };

/**
 * `--port 5317 --data-dir DIR --temp --accept-weak-token-protection`, all optional; anything else
 * is refused with a clear message. `--temp` (a throwaway folder, deleted on exit) cannot be
 * combined with `--data-dir`. The last flag lets the harness keep a live token in its plain file.
 */
export function parseHarnessArgs(argv: string[]): HarnessArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      temp: { type: 'boolean' },
      'accept-weak-token-protection': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const parsed = argsSchema.parse(values);
  if (parsed.temp && parsed['data-dir']) throw new Error('--temp makes a throwaway data folder; leave out --data-dir, or leave out --temp');
  const accept = parsed['accept-weak-token-protection'];
  return {
    port: parsed.port,
    dataDir: parsed['data-dir'],
    temp: parsed.temp ?? false,
    ...(accept ? { acceptWeakTokenProtection: true } : {}),
  };
}
