import { describe, expect, it } from 'vitest';
import { replyMismatches, type SentRequest } from '../../../src/shared/money-law/reply-match';
import { httpAnswer } from '../../../src/shared/money-law/http-answer';
import { refusalScope } from '../../../src/shared/money-law/refusal-scope';

const SENT: SentRequest = {
  refId: 'RD7Q000123',
  number: '9876543210',
  amount: 19_900,
  operator: 'JIO',
  operatorCodes: { JIO: 'JIO', AT: 'AT' },
};
const CAPS = { JIO: 'RJ', AT: 'A', BSNL: 'BT' };
const SAID = { refId: 'RD7Q000123', number: '9876543210', amount: 19_900, operator: 'JIO' };
const fields = (m: ReturnType<typeof replyMismatches>) => m.map((x) => x.field);

describe('a reply is about our request, or it is unknown (issue 35 item 3)', () => {
  it('a reply naming what we sent, or naming nothing, matches', () => {
    expect(replyMismatches(SENT, SAID)).toEqual([]);
    expect(replyMismatches(SENT, { refId: '', number: '', amount: null, operator: '' })).toEqual([]);
    // The number echoed with its country code or trunk 0, the operator in lower case.
    expect(replyMismatches(SENT, { ...SAID, number: '+91 98765-43210', operator: 'jio' })).toEqual([]);
    expect(replyMismatches(SENT, { ...SAID, number: '09876543210' })).toEqual([]);
    // A status check that knows only the ref compares only the ref.
    expect(replyMismatches({ refId: 'RD7Q000123' }, { ...SAID, number: '9000000000', amount: 1 })).toEqual([]);
  });

  it('another ref, number, amount or operator is named, with what we sent and what the reply said', () => {
    expect(replyMismatches(SENT, { ...SAID, refId: 'RD7Q000124' })).toEqual([{ field: 'ref', sent: 'RD7Q000123', said: 'RD7Q000124' }]);
    expect(replyMismatches(SENT, { ...SAID, number: '9876543211' })).toEqual([{ field: 'number', sent: '9876543210', said: '9876543211' }]);
    expect(replyMismatches(SENT, { ...SAID, amount: 29_900 })).toEqual([{ field: 'amount', sent: '19900', said: '29900' }]);
    expect(replyMismatches(SENT, { ...SAID, operator: 'AT' })).toEqual([{ field: 'operator', sent: 'JIO', said: 'AT' }]);
    expect(fields(replyMismatches(SENT, { refId: 'X', number: '1', amount: 1, operator: 'VI' }))).toEqual([
      'ref',
      'number',
      'amount',
      'operator',
    ]);
  });

  it("the provider's own code names our operator; the document's code of another operator never does, even when a profile maps ours to it", () => {
    expect(replyMismatches({ ...SENT, operatorCodes: CAPS }, { ...SAID, operator: 'RJ' })).toEqual([]);
    expect(replyMismatches({ ...SENT, operatorCodes: CAPS }, { ...SAID, operator: 'A' })).toEqual([
      { field: 'operator', sent: 'RJ', said: 'A' },
    ]);
    expect(fields(replyMismatches({ ...SENT, operatorCodes: CAPS }, { ...SAID, operator: 'BSNL' }))).toEqual(['operator']);
    // Two codes swapped in a profile: a Jio sale sent as AT, the reply says AT, which is Airtel.
    expect(fields(replyMismatches({ ...SENT, operatorCodes: { JIO: 'AT', AT: 'JIO' } }, { ...SAID, operator: 'AT' }))).toEqual([
      'operator',
    ]);
    // A word no table knows (a name) cannot be told apart: not held against the reply.
    expect(replyMismatches({ ...SENT, operatorCodes: CAPS }, { ...SAID, operator: 'RELIANCE JIO' })).toEqual([]);
  });

  it('a DTH ID is compared as it is: no mobile prefix is taken off', () => {
    const dth = { refId: 'R', number: '919876543210', amount: 50_000, operator: 'VDDTH' };
    expect(replyMismatches(dth, { refId: 'R', number: '919876543210', amount: 50_000, operator: 'VDDTH' })).toEqual([]);
    expect(fields(replyMismatches(dth, { refId: 'R', number: '9876543210', amount: 50_000, operator: 'VDDTH' }))).toEqual(['number']);
  });
});

describe('what an HTTP status lets a body say', () => {
  it('2xx is an answer; another status only a refusal, and only where the profile declares it', () => {
    expect(httpAnswer(200)).toBe('answer');
    expect(httpAnswer(204, [])).toBe('answer');
    expect(httpAnswer(400)).toBe('unknown');
    expect(httpAnswer(400, [400, 401])).toBe('refusal_only');
    expect(httpAnswer(429, [400, 401, 403, 404])).toBe('unknown');
    expect(httpAnswer(504, [400])).toBe('unknown');
    expect(httpAnswer(302, [400])).toBe('unknown');
  });
});

describe('what a refusal is about', () => {
  it('109 (or a duplicate) is our ref used already; 110 is another request; the rest refuse ours', () => {
    expect(refusalScope('109')).toBe('our_ref_used');
    expect(refusalScope('128', true)).toBe('our_ref_used');
    expect(refusalScope('110')).toBe('another_request');
    for (const code of ['106', '107', '112', '128', '142', '145', '160', '242', '270', null]) expect(refusalScope(code)).toBe('ours');
  });
});
