/** Bytes as the documents write them, in plain TypeScript (src/shared runs anywhere). */
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A key written as hex digits; reading stops at the first pair that is not hex, as node's does. */
export function fromHex(hex: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const pair = hex.slice(i, i + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) break;
    out.push(parseInt(pair, 16));
  }
  return Uint8Array.from(out);
}

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
