import { createHash, createHmac } from 'node:crypto';
import type { Digest } from '../../shared/profiles/signature';

/** The sandbox checks a signature as a provider computes it (the sandbox may not import the main process). */
export const sandboxDigest: Digest = (algorithm, data, key) =>
  new Uint8Array((key ? createHmac(algorithm, key) : createHash(algorithm)).update(data).digest());
