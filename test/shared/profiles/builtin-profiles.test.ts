import { describe, expect, it } from 'vitest';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../../src/shared/profiles/profile-ids';

describe('the built-in profiles', () => {
  it.each(BUILTIN_PROFILE_IDS)('%s loads: its samples read as it says, every kind of reply among them', (id) => {
    const engine = builtinEngine(id);
    expect(engine.profile.id).toBe(id);
    const kinds = new Set(engine.profile.samples.map((s) => s.reads));
    for (const kind of ['Success', 'Pending', 'Failure', 'Refunded', 'not_processed', 'unknown'] as const)
      expect(kinds, kind).toContain(kind);
    expect(engine.profile.samples.some((s) => s.note === 'garbage')).toBe(true);
  });

  it('there are the document and five dialects', () => {
    expect(BUILTIN_PROFILE_IDS).toEqual(['document', 'caps-json', 'code-xml', 'hash-text', 'numeric-json', 'comma-line']);
  });
});
