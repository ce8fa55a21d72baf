import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import hashText from '../../../../src/shared/profiles/builtin/hash-text.json';
import { ProfileService } from '../../../../src/main/core/profiles/profile-service';
import { engineFromText, ProfileStore } from '../../../../src/main/core/profiles/profile-store';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { tempDir } from '../../../support/temp-dir';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import type { Outcome } from '../../../../src/shared/outcomes/outcome-registry';

/** A provider's own profile: the hash-text dialect under another name. */
const theirs = (edit: (p: Record<string, unknown>) => void = () => {}) => {
  const p = { ...structuredClone(hashText), id: 'my-provider', name: 'My Provider' } as Record<string, unknown>;
  edit(p);
  return JSON.stringify(p);
};

function service(o: { open?: number } = {}) {
  const dataDir = tempDir('profiles');
  const state = { current: 'document', reopened: 0 };
  const s = new ProfileService({
    store: new ProfileStore(dataDir),
    current: () => state.current,
    choose: (id) => (state.current = id),
    openLive: async () => o.open ?? 0,
    demo: () => false,
    reopen: async () => void state.reopened++,
  });
  return { s, state, dataDir };
}

/** A version 1 file's one host, the address typed for the account, as the owner confirms it. */
const MAIN = { main: null };

const outcomeOf = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    if (e instanceof UserFacingError) return e.outcome;
    throw e;
  }
  return null;
};

describe('provider profiles, as the owner chooses and imports them', () => {
  it('lists the six built-in profiles, the document in use', async () => {
    const { s } = service();
    const list = await s.list();
    expect(list.current).toMatchObject({ id: 'document', builtin: true });
    expect(list.available.map((p) => p.id)).toEqual(['document', 'caps-json', 'code-xml', 'hash-text', 'numeric-json', 'comma-line']);
  });

  it('an import is checked, shown, then kept privately and used; the session reopens', async () => {
    const { s, state, dataDir } = service();
    const preview = s.check(theirs());
    expect(preview.profile).toMatchObject({ id: 'my-provider', name: 'My Provider' });
    expect(preview.samples.map((x) => x.read)).toContain('not_processed');
    expect(state.current).toBe('document');
    const list = await s.use({ text: theirs(), hosts: MAIN });
    expect(list.current).toMatchObject({ id: 'my-provider', builtin: false });
    expect(state).toMatchObject({ current: 'my-provider', reopened: 1 });
    const file = join(dataDir, 'profiles', 'my-provider.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ id: 'my-provider' });
  });

  it('a file that is no profile, or breaks a law, is refused in plain words and changes nothing', async () => {
    const { s, state } = service();
    expect(await outcomeOf(() => s.use({ text: 'not json' }))).toEqual({ code: 'profile_unreadable', params: { where: '' } });
    expect(await outcomeOf(() => s.use({ text: theirs((p) => delete p['calls']) }))).toEqual({
      code: 'profile_unreadable',
      params: { where: 'calls' },
    });
    const catchAll = theirs((p) => {
      const calls = p['calls'] as { status: { rules: unknown[] } };
      calls.status.rules.push({ when: [{ field: 'status', is: 'regex', pattern: '.*' }], means: 'Failure' });
    });
    expect(await outcomeOf(() => s.use({ text: catchAll }))).toMatchObject({
      code: 'profile_refused',
      params: { faults: expect.arrayContaining([expect.objectContaining({ fault: 'guesses_failure', call: 'status' })]) },
    });
    expect(await outcomeOf(() => s.use({ text: theirs((p) => (p['id'] = 'document')) }))).toEqual({
      code: 'profile_refused',
      params: { faults: [{ fault: 'id_taken' }] },
    });
    expect(state).toEqual({ current: 'document', reopened: 0 });
    expect((await s.list()).available).toHaveLength(6);
  });

  it('a file whose Success rule reads the message by a pattern is refused, told in both languages', async () => {
    const { s, state } = service();
    const byPattern = theirs((p) => {
      const calls = p['calls'] as { status: { rules: unknown[] } };
      calls.status.rules.unshift({
        when: [
          { field: 'status', is: 'equals', value: '3' },
          { field: 'message', is: 'regex', pattern: 'success' },
        ],
        means: 'Success',
      });
    });
    const outcome = await outcomeOf(() => s.use({ text: byPattern }));
    expect(outcome).toEqual({
      code: 'profile_refused',
      params: { faults: [{ fault: 'closes_by_message_pattern', call: 'status', at: 1 }] },
    });
    expect(outcomeText('en', outcome as Outcome)).toContain('rule 1 of the status call closes a recharge on a pattern in the provider');
    expect(outcomeText('hi', outcome as Outcome)).toContain('स्थिति जाँच का नियम 1 प्रोवाइडर के संदेश में किसी पैटर्न पर');
    expect(state.current).toBe('document');
  });

  it('is not changed while live recharges wait for an answer', async () => {
    const { s, state } = service({ open: 2 });
    expect(await outcomeOf(() => s.use({ id: 'hash-text' }))).toEqual({ code: 'profile_open_recharges', params: { count: 2 } });
    expect(state.current).toBe('document');
  });

  it('an imported file damaged on disk is left out of the list and refused by name, never read as something else', async () => {
    const { s, dataDir } = service();
    await s.use({ text: theirs(), hosts: MAIN });
    writeFileSync(join(dataDir, 'profiles', 'my-provider.json'), '{"format":');
    expect((await s.list()).available.map((p) => p.id)).not.toContain('my-provider');
    expect(await outcomeOf(() => s.use({ id: 'my-provider' }))).toEqual({ code: 'profile_unreadable', params: { where: '' } });
    expect(await outcomeOf(() => s.use({ id: 'gone' }))).toEqual({ code: 'profile_missing', params: { id: 'gone' } });
  });

  it('an id@version never changes: the same version with other contents is refused by name, the same file again is fine', async () => {
    const { s, dataDir } = service();
    await s.use({ text: theirs(), hosts: MAIN });
    const otherWords = theirs((p) => (p['name'] = 'My Provider, edited'));
    expect(await outcomeOf(() => s.check(otherWords))).toEqual({
      code: 'profile_refused',
      params: { faults: [{ fault: 'version_taken', field: 'my-provider@1' }] },
    });
    expect(await outcomeOf(() => s.use({ text: otherWords }))).toEqual({
      code: 'profile_refused',
      params: { faults: [{ fault: 'version_taken', field: 'my-provider@1' }] },
    });
    expect(JSON.parse(readFileSync(join(dataDir, 'profiles', 'my-provider.json'), 'utf8'))).toMatchObject({ name: 'My Provider' });
    // The same profile, spaced otherwise, is the same version.
    await s.use({ text: JSON.stringify(JSON.parse(theirs()), null, 2), hosts: MAIN });
  });

  it('every version accepted is kept, so a recharge sent with version 1 is read by version 1 after version 2', async () => {
    const { s, dataDir } = service();
    await s.use({ text: theirs(), hosts: MAIN });
    await s.use({ text: theirs((p) => (p['version'] = 2)), hosts: MAIN });
    const store = new ProfileStore(dataDir);
    expect(store.engine('my-provider').tag).toBe('my-provider@2');
    expect(store.engineByTag('my-provider@1')?.tag).toBe('my-provider@1');
    expect(store.engineByTag('my-provider@2')?.tag).toBe('my-provider@2');
    expect(store.engineByTag('my-provider@3')).toBeNull();
    expect(store.engineByTag('hash-text@1')?.tag).toBe('hash-text@1');
    expect(engineFromText(store.versionText('my-provider@1') ?? '').tag).toBe('my-provider@1');
    // Version 1 again (an owner going back): accepted, it is the same file.
    await s.use({ text: theirs(), hosts: MAIN });
    expect(store.engine('my-provider').tag).toBe('my-provider@1');
  });

  it('a file in use from before versions were kept is kept as its version when the next one comes', async () => {
    const { s, dataDir } = service();
    mkdirSync(join(dataDir, 'profiles'), { recursive: true });
    writeFileSync(join(dataDir, 'profiles', 'my-provider.json'), theirs());
    await s.use({ text: theirs((p) => (p['version'] = 2)), hosts: MAIN });
    expect(new ProfileStore(dataDir).engineByTag('my-provider@1')?.tag).toBe('my-provider@1');
  });

  it('a file larger than a profile can be is refused by name', async () => {
    const { s } = service();
    const huge = theirs((p) => (p['name'] = 'x'.repeat(70_000)));
    expect(await outcomeOf(() => s.use({ text: huge }))).toEqual({
      code: 'profile_refused',
      params: { faults: [{ fault: 'profile_too_large' }] },
    });
  });

  it('a verdict is kept by content hash: a file changed on disk is checked in full again, and refused if it breaks the law', async () => {
    const { s, dataDir } = service();
    await s.use({ text: theirs(), hosts: MAIN });
    const kept = JSON.parse(readFileSync(join(dataDir, 'profiles', '.law-verdicts.json'), 'utf8')) as { hashes: string[] };
    expect(kept.hashes).toHaveLength(1);
    const weakened = theirs((p) => {
      const calls = p['calls'] as { status: { rules: unknown[] } };
      calls.status.rules.unshift({ when: [{ field: 'status', is: 'absent' }], means: 'Success' });
    });
    writeFileSync(join(dataDir, 'profiles', 'my-provider.json'), weakened);
    expect(await outcomeOf(() => s.use({ id: 'my-provider' }))).toMatchObject({ code: 'profile_refused' });
  });

  it('versions carried in a backup or move file are kept beside the others, checked; never over one this computer has', () => {
    const { dataDir } = service();
    const store = new ProfileStore(dataDir);
    store.keepCarried(theirs());
    expect(store.engineByTag('my-provider@1')?.profile.name).toBe('My Provider');
    store.keepCarried(theirs((p) => (p['name'] = 'Forged')));
    expect(store.engineByTag('my-provider@1')?.profile.name).toBe('My Provider');
    store.keepCarried(
      theirs((p) => {
        p['version'] = 3;
        (p['calls'] as { status: { rules: unknown[] } }).status.rules.unshift({
          when: [{ field: 'status', is: 'absent' }],
          means: 'Success',
        });
      }),
    );
    expect(store.engineByTag('my-provider@3')).toBeNull();
    expect(store.imported()).toEqual([]);
  });
});
