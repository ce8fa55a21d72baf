import { describe, expect, it } from 'vitest';
import { readLimited } from '../../src/shared/read-limited';

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield p;
}

describe('readLimited', () => {
  it('joins chunks as UTF-8, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('रिचार्ज ok');
    expect(await readLimited(chunks(bytes.slice(0, 4), bytes.slice(4)), 100)).toEqual({ ok: true, text: 'रिचार्ज ok' });
  });

  it('refuses past the limit, but drains the rest so the connection stays usable', async () => {
    let read = 0;
    async function* counted() {
      for (let i = 0; i < 10; i++) {
        read++;
        yield 'x'.repeat(100);
      }
    }
    expect(await readLimited(counted(), 250)).toEqual({ ok: false, reason: 'too_large' });
    expect(read).toBe(10);
  });

  it('stops reading at the drain limit', async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read++;
        yield 'x'.repeat(100);
      }
    }
    expect(await readLimited(endless(), 100, 1000)).toEqual({ ok: false, reason: 'too_large' });
    expect(read).toBe(11);
  });
});
