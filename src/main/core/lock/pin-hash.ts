import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import * as z from 'zod';

/**
 * scrypt's cost, stored beside each hash so a later version can raise it and still check old PINs.
 * N = 2^15, r = 8 costs 32 MiB and about a tenth of a second per try: a PIN has at most 10^8
 * values, so the hash (if the file is copied) must be slow to try, and the wrong-PIN delays
 * (pin-store.ts) guard the app itself.
 */
export const PIN_SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

/** The bounds a stored hash must keep: a hand-edited file cannot make a check take minutes or gigabytes. */
export const pinHashSchema = z.strictObject({
  algorithm: z.literal('scrypt'),
  N: z
    .number()
    .int()
    .min(2 ** 10)
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, { error: 'N must be a power of two' }),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(4),
  keyLength: z.number().int().min(16).max(64),
  salt: z.base64().min(16),
  hash: z.base64().min(16),
});
export type PinHash = z.infer<typeof pinHashSchema>;

function derive(pin: string, salt: Buffer, o: Pick<PinHash, 'N' | 'r' | 'p' | 'keyLength'>): Promise<Buffer> {
  const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 256 * o.N * o.r * o.p };
  return new Promise((resolve, reject) =>
    scrypt(pin.normalize('NFKC'), salt, o.keyLength, options, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export async function hashPin(pin: string, params: Omit<PinHash, 'algorithm' | 'salt' | 'hash'> = PIN_SCRYPT): Promise<PinHash> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, params);
  return { algorithm: 'scrypt', ...params, salt: salt.toString('base64'), hash: key.toString('base64') };
}

/** Compares in constant time with the parameters the hash was made with. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(pin, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The provider token against the vault's, in constant time (a hash of each, so the lengths match). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
