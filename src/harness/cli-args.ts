import { parseArgs } from 'node:util';
import * as z from 'zod';
import { NOT_SENT_RULE } from '../main/core/poller/after-answer';
import { BUILTIN_PROFILE_IDS, type BuiltinProfileId } from '../shared/profiles/profile-ids';

const argsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).optional(),
  'data-dir': z.string().min(1).optional(),
  temp: z.boolean().optional(),
  'accept-weak-token-protection': z.boolean().optional(),
  'not-sent-after-seconds': z.coerce.number().int().min(0).max(86_400).optional(),
  'not-sent-lookups': z.coerce.number().int().min(1).max(100).optional(),
  dialect: z.enum(BUILTIN_PROFILE_IDS).optional(),
  'balance-every-seconds': z.coerce.number().int().min(1).max(3600).optional(),
});

export type HarnessArgs = {
  port?: number;
  dataDir?: string;
  temp: boolean;
  acceptWeakTokenProtection?: boolean;
  /** A recharge that never left is closed as not sent after this many lookups over this long (tests shorten 5 over 15 minutes). */
  notSentRule?: { lookups: number; afterMs: number };
  /** The dialect demo mode's practice provider speaks, and the app reads it with. */
  demoDialect?: BuiltinProfileId;
  /** The wallet is read on its own this often (the app: once a minute); tests shorten it to watch a refund found unasked. */
  balanceEveryMs?: number;
};

/**
 * `--port 5317 --data-dir DIR --temp --accept-weak-token-protection --not-sent-after-seconds N
 * --not-sent-lookups N --balance-every-seconds N --dialect NAME`, all optional; anything else is refused with a clear message. `--temp` (a
 * throwaway folder, deleted on exit) cannot be combined with `--data-dir`. The weak-protection flag
 * lets the harness keep a live token in its plain file; the not-sent pair shortens the rule that
 * closes a recharge that never left (5 lookups over 15 minutes) so a test can watch it close; `--balance-every-seconds` reads the wallet more often than the
 * app's once a minute, so a test can watch an unannounced refund be found; `--dialect` makes demo
 * mode's practice provider speak a built-in profile's dialect.
 */
export function parseHarnessArgs(argv: string[]): HarnessArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      temp: { type: 'boolean' },
      'accept-weak-token-protection': { type: 'boolean' },
      'not-sent-after-seconds': { type: 'string' },
      'not-sent-lookups': { type: 'string' },
      dialect: { type: 'string' },
      'balance-every-seconds': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const parsed = argsSchema.parse(values);
  if (parsed.temp && parsed['data-dir']) throw new Error('--temp makes a throwaway data folder; leave out --data-dir, or leave out --temp');
  const accept = parsed['accept-weak-token-protection'];
  const afterSeconds = parsed['not-sent-after-seconds'];
  const lookups = parsed['not-sent-lookups'];
  const balanceSeconds = parsed['balance-every-seconds'];
  return {
    port: parsed.port,
    dataDir: parsed['data-dir'],
    temp: parsed.temp ?? false,
    ...(accept ? { acceptWeakTokenProtection: true } : {}),
    ...(parsed.dialect ? { demoDialect: parsed.dialect } : {}),
    ...(balanceSeconds !== undefined ? { balanceEveryMs: balanceSeconds * 1000 } : {}),
    ...(afterSeconds !== undefined || lookups !== undefined
      ? {
          notSentRule: {
            lookups: lookups ?? NOT_SENT_RULE.lookups,
            afterMs: afterSeconds !== undefined ? afterSeconds * 1000 : NOT_SENT_RULE.afterMs,
          },
        }
      : {}),
  };
}
