import { describe, expect, it } from 'vitest';
import { isClosingMeaning, openWord, ruleLawFaults } from '../../../src/shared/money-law/profile-law';

const noPattern = () => null;

describe('what a profile rule may say about money', () => {
  it('a closing meaning needs an exact word or number in the provider’s status, result or error code', () => {
    expect(ruleLawFaults('Success', [{ field: 'status', is: 'absent' }], noPattern)).toEqual([{ law: 'closes_without_word' }]);
    expect(ruleLawFaults('Failure', [{ field: 'status', is: 'present' }], noPattern)).toEqual([{ law: 'closes_without_word' }]);
    expect(ruleLawFaults('Refunded', [{ field: 'message', is: 'equals', value: 'Refunded' }], noPattern)).toEqual([
      { law: 'closes_without_word' },
    ]);
    expect(ruleLawFaults('not_processed', [{ field: 'errorCode', is: 'regex', value: undefined }], noPattern)).toEqual([
      { law: 'closes_without_word' },
    ]);
    expect(ruleLawFaults('Failure', [{ field: 'status', is: 'equals', value: ' ' }], noPattern)).toEqual([{ law: 'closes_without_word' }]);
    expect(ruleLawFaults('Success', [{ field: 'status', is: 'equals', value: 'Success' }], noPattern)).toEqual([]);
    expect(ruleLawFaults('not_processed', [{ field: 'errorCode', is: 'oneOf', values: ['128', '102'] }], noPattern)).toEqual([]);
    expect(ruleLawFaults('Failure', [{ field: 'result', is: 'number', value: 3 }], noPattern)).toEqual([]);
  });

  it('a status that only says “see the message” closes by the message’s exact words, never by a pattern or `present`', () => {
    const see = { field: 'status', is: 'oneOf', values: ['3', 'see message'] };
    expect(ruleLawFaults('Success', [see, { field: 'message', is: 'equals', value: 'Transaction Successful' }], noPattern)).toEqual([]);
    expect(ruleLawFaults('Failure', [see, { field: 'message', is: 'oneOf', values: ['Transaction Failed', 'Failed'] }], noPattern)).toEqual(
      [],
    );
    expect(ruleLawFaults('Success', [see, { field: 'message', is: 'regex', value: undefined }], noPattern)).toEqual([
      { law: 'closes_by_message_pattern' },
    ]);
    for (const means of ['Failure', 'Refunded', 'not_processed'])
      expect(ruleLawFaults(means, [see, { field: 'message', is: 'present' }], noPattern), means).toEqual([
        { law: 'closes_by_message_pattern' },
      ]);
    // Leaving a recharge open on a message pattern is still allowed: the status check decides.
    expect(ruleLawFaults('Pending', [see, { field: 'message', is: 'regex', value: undefined }], noPattern)).toEqual([]);
    // A message that says “not decided yet” never closes, as a status word would not.
    expect(ruleLawFaults('Success', [see, { field: 'message', is: 'oneOf', values: ['Done', 'Under Process'] }], noPattern)).toEqual([
      { law: 'closes_open_word', word: 'Under Process' },
    ]);
  });

  it('a word that means “not decided yet” never closes, in any spelling; it may still leave a recharge open', () => {
    for (const word of ['Pending', 'PROCESSING', 'In-Progress', 'in_progress', 'Accepted', 'TIMEOUT', 'Timed Out', 'under process'])
      expect(ruleLawFaults('Failure', [{ field: 'status', is: 'equals', value: word }], noPattern), word).toEqual([
        { law: 'closes_open_word', word },
      ]);
    expect(ruleLawFaults('Failure', [{ field: 'status', is: 'oneOf', values: ['FAILED', 'pending'] }], noPattern)).toEqual([
      { law: 'closes_open_word', word: 'pending' },
    ]);
    expect(ruleLawFaults('Pending', [{ field: 'status', is: 'equals', value: 'pending' }], noPattern)).toEqual([]);
    expect(ruleLawFaults('unknown', [{ field: 'status', is: 'absent' }], noPattern)).toEqual([]);
  });

  it('a pattern on a verdict field is asked whether it takes an open word', () => {
    const takes = () => 'in progress';
    expect(
      ruleLawFaults(
        'Failure',
        [
          { field: 'result', is: 'equals', value: 'Success' },
          { field: 'status', is: 'regex' },
        ],
        takes,
      ),
    ).toEqual([{ law: 'closes_open_word', word: 'in progress' }]);
  });

  it('the closing meanings and the open words', () => {
    expect(['Success', 'Failure', 'Refunded', 'not_processed'].every(isClosingMeaning)).toBe(true);
    expect(['Pending', 'Accepted', 'unknown'].some(isClosingMeaning)).toBe(false);
    expect(openWord('Success')).toBeNull();
    expect(openWord(2)).toBeNull();
    expect(openWord('PENDING')).toBe('PENDING');
  });
});
