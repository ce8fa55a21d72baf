import { fromHex, toBase64, toHex, utf8 } from './bytes';
import type { SignatureSpec } from './profile-v2';

export type DigestAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha512';

/**
 * The platform's digest of `data`, an HMAC when `key` is given. src/shared is pure TypeScript, so
 * the main process and the sandbox inject theirs (node:crypto); the renderer never signs.
 */
export type Digest = (algorithm: DigestAlgorithm, data: Uint8Array, key?: Uint8Array) => Uint8Array;

/** A profile that signs was made ready without a digest: a bug of the caller, never a request sent unsigned. */
export class NoDigest extends Error {
  constructor() {
    super('this profile signs its requests, and no digest was given to its engine');
  }
}

/** A provider's signature over the filled template `of`, keyed for HMAC by the filled `key`. */
export function signatureOf(spec: SignatureSpec, of: string, key: string, digest: Digest | undefined): string {
  if (!digest) throw new NoDigest();
  const hmac = spec.algorithm.startsWith('hmac-');
  const algorithm = (hmac ? spec.algorithm.slice(5) : spec.algorithm) as DigestAlgorithm;
  const bytes = digest(algorithm, utf8(of), hmac ? (spec.keyEncoding === 'hex' ? fromHex(key) : utf8(key)) : undefined);
  if (spec.output === 'base64') return toBase64(bytes);
  const hex = toHex(bytes);
  return spec.output === 'HEX' ? hex.toUpperCase() : hex;
}
