import { parseArgs } from 'node:util';
import { z } from 'zod';

const argsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).optional(),
  'data-dir': z.string().min(1).optional(),
});

export type HarnessArgs = { port?: number; dataDir?: string };

/** `--port 5317 --data-dir DIR`, both optional; anything else is refused with a clear message. */
export function parseHarnessArgs(argv: string[]): HarnessArgs {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  const parsed = argsSchema.parse(values);
  return { port: parsed.port, dataDir: parsed['data-dir'] };
}
