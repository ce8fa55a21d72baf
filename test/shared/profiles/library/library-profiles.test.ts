import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, sampleReading } from '../../../../src/shared/profiles/profile-engine';
import { checkProfile } from '../../../../src/shared/profiles/profile-check';
import { profileSchema } from '../../../../src/shared/profiles/profile-schema';
import {
  LIBRARY_PROFILE_IDS,
  libraryEntries,
  libraryEngine,
  libraryProfileFile,
} from '../../../../src/shared/profiles/library/library-profiles';

// Every library profile is a real provider's document turned into data: it parses, obeys the money
// law (nothing closes a reply that says nothing; an undefined word is unknown) and reads its samples.
const DIR = join(__dirname, '../../../../src/shared/profiles/library');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

describe('the library of real providers', () => {
  it('lists every file in the folder, and nothing else', () => {
    expect([...LIBRARY_PROFILE_IDS].sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
  });

  it('shows the picker each provider with its document, its date and what was checked', () => {
    const entries = libraryEntries();
    expect(entries.map((e) => e.id)).toEqual([...LIBRARY_PROFILE_IDS]);
    for (const e of entries) {
      expect(e.source.url, e.id).toMatch(/^https?:\/\//);
      expect(e.source.date, e.id).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(e.source.checked.length, e.id).toBeGreaterThanOrEqual(4);
      expect(e.name.length, e.id).toBeGreaterThan(3);
    }
  });

  describe.each(files)('%s', (file) => {
    const raw: unknown = JSON.parse(readFileSync(join(DIR, file), 'utf8'));

    it('is a format 2 profile whose id is its file name, exported as shipped', () => {
      const p = profileSchema.parse(raw);
      expect(p.id).toBe(file.replace(/\.json$/, ''));
      expect((raw as { formatVersion: number }).formatVersion).toBe(2);
      expect(libraryProfileFile(p.id as (typeof LIBRARY_PROFILE_IDS)[number])).toEqual(raw);
    });

    it('passes the money law and the silence corpus', () => {
      expect(checkProfile(profileSchema.parse(raw))).toEqual([]);
      expect(() => createEngine(raw, 'check')).not.toThrow();
    });

    it('reads each sample from its document as the sample says, a closing one and an unknown one among them', () => {
      const engine = createEngine(raw, 'check');
      const read = engine.profile.samples.map((s) => sampleReading(s.call, engine.read(s.call, s.body)));
      expect(read).toEqual(engine.profile.samples.map((s) => s.reads));
      expect(read).toContain('Success');
      expect(read).toContain('unknown');
    });

    it('reads a reply with the verdict taken out as unknown, never as a refusal or a failure', () => {
      const engine = createEngine(raw, 'check');
      for (const s of engine.profile.samples.filter((x) => x.call === 'recharge' || x.call === 'status')) {
        for (const word of ['SUCCESS', 'PENDING', 'FAIL', 'FAILED', 'FAILURE', '"status":1', '"STATUS":1', '"status":3', '"STATUS":3']) {
          const blanked = s.body.split(word).join(word.includes(':') ? word.replace(/\d$/, '9') : 'IN PROCESS');
          const meaning = engine.read(s.call, blanked)?.meaning ?? null;
          if (blanked !== s.body && meaning !== null)
            expect(['Pending', 'Accepted', 'not_processed', 'unknown'], `${file} ${word}`).toContain(meaning);
        }
      }
    });

    it('names how complaints are taken when it offers no complaint call, in both languages', () => {
      const p = profileSchema.parse(raw);
      if (!p.calls.complaint) {
        expect(p.complaintsBy?.en.length).toBeGreaterThan(20);
        expect(p.complaintsBy?.hi).toMatch(/[\u0900-\u097F]/);
      }
      for (const c of p.credentials) expect(c.label.hi, c.name).toMatch(/[\u0900-\u097F]/);
    });
  });

  it('makes each engine once, with the law already known', () => {
    for (const id of LIBRARY_PROFILE_IDS) expect(libraryEngine(id)).toBe(libraryEngine(id));
  });
});
