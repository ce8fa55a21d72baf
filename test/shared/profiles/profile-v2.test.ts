import { describe, expect, it } from 'vitest';
import { createEngine, ProfileRefused } from '../../../src/shared/profiles/profile-engine';
import { profileSchema } from '../../../src/shared/profiles/profile-schema';
import document from '../../../src/shared/profiles/builtin/document.json';

/** The document's profile written as version 2: what a version 1 file says, said in version 2's words. */
function asV2(): Record<string, unknown> & { calls: Record<string, Record<string, unknown> | undefined> } {
  const p = structuredClone(document) as unknown as Record<string, unknown> & {
    calls: Record<string, Record<string, unknown> | undefined>;
  };
  p['formatVersion'] = 2;
  p['id'] = 'document-v2';
  p['credentials'] = [
    { name: 'member_id', label: { en: 'Member ID', hi: 'मेंबर आईडी' }, secret: false, minLength: 3, maxLength: 20, chars: 'letters-digits' },
    { name: 'pin', label: { en: 'PIN', hi: 'पिन' }, secret: true, minLength: 4, maxLength: 7, chars: 'digits' },
  ];
  p['hosts'] = { api: { label: { en: 'Recharge host', hi: 'रिचार्ज होस्ट' } } };
  for (const call of Object.values(p.calls)) {
    const params = call!['params'] as Record<string, string>;
    if ('username' in params) params['username'] = '{member_id}';
    if ('api_token' in params) params['api_token'] = '{pin}';
  }
  return p;
}

describe('provider profile format version 2', () => {
  it('a version 1 file is read as version 2 with the username and token as its declared credentials and one owner-typed host', () => {
    const p = profileSchema.parse(document);
    expect(p.formatVersion).toBe(2);
    expect(p.credentials.map((c) => [c.name, c.secret])).toEqual([
      ['username', false],
      ['token', true],
    ]);
    expect(p.hosts['main']?.url).toBeUndefined();
    expect(p.calls.complaint?.variants).toEqual([]);
  });

  it('declares its own credentials and reads its samples as version 1 did', () => {
    const engine = createEngine(asV2());
    expect(engine.profile.credentials.map((c) => c.name)).toEqual(['member_id', 'pin']);
  });

  it('refuses a placeholder no credential, fact, operator value or shop value names', () => {
    const p = asV2();
    (p.calls['balance']!['params'] as Record<string, string>)['x'] = '{password}';
    expect(() => profileSchema.parse(p)).toThrow(/\{password\} is not known in the balance call/);
  });

  it('refuses a call naming a host the profile does not declare, and a credential named like a fact', () => {
    const p = asV2();
    p.calls['status']!['host'] = 'status';
    expect(() => profileSchema.parse(p)).toThrow(/host status is not among/);
    const q = asV2();
    (q['credentials'] as { name: string }[])[0]!.name = 'number';
    expect(() => profileSchema.parse(q)).toThrow(/name of a fact/);
  });

  it('refuses a secret credential shorter than 4 characters: it could not be cut from the logs', () => {
    const p = asV2();
    (p['credentials'] as { minLength: number }[])[1]!.minLength = 3;
    expect(() => profileSchema.parse(p)).toThrow(/a secret is at least 4 characters/);
  });

  it('without a complaint call it must say how the provider takes complaints', () => {
    const p = asV2();
    delete p.calls['complaint'];
    p['samples'] = (p['samples'] as { call: string }[]).filter((s) => s.call !== 'complaint');
    expect(() => profileSchema.parse(p)).toThrow(/how this provider takes complaints/);
    p['complaintsBy'] = { en: 'Call 1800-000-000 with the transaction id.', hi: 'ट्रांज़ैक्शन आईडी के साथ 1800-000-000 पर कॉल करें।' };
    expect(createEngine(p).profile.calls.complaint).toBeUndefined();
  });

  it("a variant's rules obey the money law like the call's own: one that calls an empty reply a failure is refused", () => {
    const p = asV2();
    p.calls['status']!['variants'] = [
      { when: { kind: 'dth' }, path: '/dth/status', rules: [{ when: [{ field: 'status', is: 'absent' }], means: 'Failure' }] },
    ];
    expect(() => createEngine(p)).toThrow(ProfileRefused);
  });
});
