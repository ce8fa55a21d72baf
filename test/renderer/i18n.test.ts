import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/i18n/en';
import { hi } from '../../src/renderer/i18n/hi';

function leaves(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v as object, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

describe('translations', () => {
  it('Hindi covers every English key, with the same placeholders, and is really Hindi', () => {
    const e = leaves(en);
    const h = leaves(hi);
    expect([...h.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, text] of e) {
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(h.get(key)!), key).toEqual(placeholders(text));
      // meta.* names the resource's language (read by errorText), it is not words on screen.
      if (!key.startsWith('meta.')) expect(h.get(key), key).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('each resource names its own language, so outcomes are worded in the screen language', () => {
    expect(en.meta).toEqual({ language: 'en' });
    expect(hi.meta).toEqual({ language: 'hi' });
  });
});
