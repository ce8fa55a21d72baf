import { createHash, createHmac } from 'node:crypto';
import type { SignatureSpec } from './profile-v2';

/**
 * A provider's signature over the filled template `of`, keyed for HMAC by the filled `key`. Only the
 * main process and the sandbox build requests (the renderer never imports the profile engine), so
 * node:crypto is safe here.
 */
export function signatureOf(spec: SignatureSpec, of: string, key: string): string {
  const digest =
    spec.algorithm.startsWith('hmac-')
      ? createHmac(spec.algorithm.slice(5), spec.keyEncoding === 'hex' ? Buffer.from(key, 'hex') : Buffer.from(key, 'utf8'))
      : createHash(spec.algorithm);
  const out = digest.update(of, 'utf8').digest(spec.output === 'base64' ? 'base64' : 'hex');
  return spec.output === 'HEX' ? out.toUpperCase() : out;
}
