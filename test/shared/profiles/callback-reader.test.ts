import { describe, expect, it } from 'vitest';
import document from '../../../src/shared/profiles/builtin/document.json';
import { createEngine, ProfileRefused } from '../../../src/shared/profiles/profile-engine';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../../src/shared/profiles/profile-ids';
import { dialectCallback } from '../../../src/sandbox/dialect/dialect-callback';

const callback = (section: unknown) => ({ ...structuredClone(document), callback: section });
const refusal = (input: unknown) => {
  try {
    createEngine(input);
    return null;
  } catch (e) {
    return e instanceof ProfileRefused ? e.faults : 'unreadable';
  }
};

const DOC = {
  number: '9876541111',
  amount: '10',
  txnId: 'RT1',
  refId: 'AB12000000000001',
  status: 'Success',
  operatorId: 'OP1',
  operatorCode: 'JIO',
  balance: '4990.00',
  margin_amount: '0.30',
};

describe('a callback read in the profile’s own words', () => {
  it('the hash-text profile reads its reference from client_id and its status words; the document’s names say nothing to it', () => {
    const e = builtinEngine('hash-text');
    expect(e.readCallback({ client_id: ' AB12 ', status: 'SUCCESS', payid: 'P1' })).toEqual({
      refId: 'AB12',
      status: 'SUCCESS',
      meaning: 'Success',
      named: { refId: 'AB12', number: '', amount: null, operator: '' },
    });
    expect(e.readCallback({ client_id: 'AB12', status: 'odd' })?.meaning).toBeNull();
    expect(e.readCallback({ refId: 'AB12', status: 'Success' })).toBeNull();
    expect(builtinEngine('document').readCallback({ refId: 'AB12', status: 'Success' })?.refId).toBe('AB12');
    expect(builtinEngine('document').readCallback({ refId: 'x'.repeat(65) })).toBeNull();
  });

  it('a callback section must name our reference, and its rules may not call silence a failure', () => {
    expect(refusal(callback({ fields: { status: ['st'] } }))).toBe('unreadable');
    expect(
      refusal(callback({ fields: { refId: ['ref'] }, rules: [{ when: [{ field: 'status', is: 'absent' }], means: 'Failure' }] })),
    ).toEqual(
      expect.arrayContaining([
        { fault: 'closes_without_word', call: 'callback', rule: 1 },
        { fault: 'guesses_failure', call: 'callback', rule: 1, probe: 'status-blank' },
      ]),
    );
    expect(
      refusal(
        callback({
          fields: { refId: ['ref'] },
          rules: [{ when: [{ field: 'status', is: 'regex', pattern: '(a)\\1' }], means: 'Success' }],
        }),
      ),
    ).toEqual([{ fault: 'bad_pattern', call: 'callback', rule: 1 }]);
  });

  for (const id of BUILTIN_PROFILE_IDS) {
    it(`the sandbox speaking ${id} says each final status in words that profile reads back`, () => {
      const e = builtinEngine(id);
      for (const status of ['Success', 'Failure', 'Refunded']) {
        const read = e.readCallback(dialectCallback(e, { ...DOC, status }));
        expect(read?.refId).toBe(DOC.refId);
        if (e.profile.callback) expect(read?.meaning).toBe(status);
      }
    });
  }
});
