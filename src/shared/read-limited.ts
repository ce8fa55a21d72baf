export type LimitedText = { ok: true; text: string } | { ok: false; reason: 'too_large' };

/**
 * Reads a byte stream as UTF-8 text up to `limit` bytes. Past the limit the rest is still read and
 * thrown away, up to `drainLimit`, so a keep-alive connection is left clean for the next request;
 * beyond that the stream is abandoned (the caller's connection closes).
 */
export async function readLimited(body: AsyncIterable<Uint8Array | string>, limit: number, drainLimit = limit * 32): Promise<LimitedText> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const raw of body) {
    const chunk = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
    size += chunk.length;
    if (size > drainLimit) break;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) return { ok: false, reason: 'too_large' };
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return { ok: true, text: new TextDecoder().decode(all) };
}
