import { createHash, createHmac } from 'node:crypto';
import type { Digest } from '../../../shared/profiles/signature';

/** The main process's digest for profiles that sign their requests (signature.ts). */
export const nodeDigest: Digest = (algorithm, data, key) =>
  new Uint8Array((key ? createHmac(algorithm, key) : createHash(algorithm)).update(data).digest());
