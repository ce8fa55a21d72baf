import { describe, expect, it } from 'vitest';
import document from '../../../src/shared/profiles/builtin/document.json';
import hashText from '../../../src/shared/profiles/builtin/hash-text.json';
import { createEngine, ProfileRefused, sampleReading } from '../../../src/shared/profiles/profile-engine';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../../src/shared/profiles/profile-ids';
import { CALLS } from '../../../src/shared/profiles/profile-schema';
import { kvParams, SILENCE } from '../../../src/shared/profiles/silence-corpus/silence-corpus';
import { isClosingMeaning } from '../../../src/shared/money-law/profile-law';

// Issue 35 item 8: a profile cannot weaken the money law.
type Doc = typeof document;
const variant = (edit: (p: Doc) => void): unknown => {
  const p = structuredClone(document);
  edit(p);
  return p;
};
const refusal = (input: unknown) => {
  try {
    createEngine(input);
    return null;
  } catch (e) {
    if (e instanceof ProfileRefused) return e.faults;
    throw e;
  }
};

describe('a closing meaning needs the provider’s own word', () => {
  it('“status absent means Success” is refused at load, so {} is never read as a success', () => {
    const absentIsSuccess = variant((p) =>
      p.calls.status.rules.unshift({ when: [{ field: 'status', is: 'absent' }], means: 'Success' } as never),
    );
    expect(refusal(absentIsSuccess)).toContainEqual({ fault: 'closes_without_word', call: 'status', rule: 1 });
    expect(builtinEngine('document').read('status', '{}')?.meaning).toBeNull();
  });

  it('“Pending means Failure” is refused, naming the rule and the word', () => {
    const pendingIsFailure = variant((p) =>
      p.calls.status.rules.unshift({ when: [{ field: 'status', is: 'equals', value: 'Pending' }], means: 'Failure' } as never),
    );
    expect(refusal(pendingIsFailure)).toContainEqual({ fault: 'closes_open_word', call: 'status', rule: 1, word: 'Pending' });
  });

  it('a message pattern alone may only leave a recharge open', () => {
    const byMessage = (means: string) =>
      variant((p) => p.calls.status.rules.unshift({ when: [{ field: 'message', is: 'regex', pattern: 'insufficient' }], means } as never));
    expect(refusal(byMessage('not_processed'))).toContainEqual({ fault: 'closes_without_word', call: 'status', rule: 1 });
    expect(refusal(byMessage('Pending'))).toBeNull();
  });

  it('a gateway’s {"errorcode":"504"} closed by an error-code rule is refused, naming the reply', () => {
    const gatewayIsRefusal = variant((p) =>
      p.calls.recharge.rules.unshift({
        when: [{ field: 'errorCode', is: 'oneOf', values: ['504', '128'] }],
        means: 'not_processed',
      } as never),
    );
    const faults = refusal(gatewayIsRefusal) ?? [];
    expect(faults.map((f) => f.fault)).toContain('guesses_failure');
    expect(faults).toContainEqual({ fault: 'closes_silence', call: 'recharge', rule: 1, reply: 'json-errorcode-504' });
  });

  it('a callback rule is held to the same law, and reads the key=value corpus', () => {
    const p = structuredClone(hashText);
    p.callback.rules.unshift({ when: [{ field: 'status', is: 'equals', value: 'Gateway Timeout' }], means: 'Failure' } as never);
    expect(refusal(p)).toContainEqual({ fault: 'closes_silence', call: 'callback', rule: 1, reply: 'kv-gateway' });
  });
});

describe('the silence corpus', () => {
  it('holds at least 200 replies, in every shape a profile reads', () => {
    expect(SILENCE.replies.length).toBeGreaterThanOrEqual(200);
    expect(new Set(SILENCE.replies.map((r) => r.shape))).toEqual(
      new Set(['html', 'text', 'empty', 'truncated', 'json', 'xml', 'delimited', 'kv']),
    );
    expect(new Set(SILENCE.replies.map((r) => r.name)).size).toBe(SILENCE.replies.length);
  });

  it.each(BUILTIN_PROFILE_IDS)('every reply stays open under the built-in %s profile, in every call and its callback', (id) => {
    const engine = builtinEngine(id);
    const closed: string[] = [];
    for (const reply of SILENCE.replies) {
      for (const call of CALLS) {
        const read = engine.read(call, reply.body);
        if (read?.meaning && isClosingMeaning(read.meaning)) closed.push(`${call}: ${reply.name} → ${read.meaning}`);
      }
      const callback = reply.shape === 'kv' ? engine.readCallback({ ...kvParams(reply.body), [refParam(id)]: 'AB12' }) : null;
      if (callback?.meaning && isClosingMeaning(callback.meaning)) closed.push(`callback: ${reply.name} → ${callback.meaning}`);
    }
    expect(closed).toEqual([]);
  });
});

/** Where each built-in profile's callback names our reference (the document's, unless it says). */
function refParam(id: string): string {
  const cb = builtinEngine(id as never).profile.callback;
  return cb?.fields.refId?.[0] ?? 'refId';
}

describe('a status that only says “see the message” (issue 36 item 5)', () => {
  const see = { field: 'status', is: 'oneOf', values: ['3', 'see message'] };
  const withRule = (message: unknown, means = 'Success') =>
    variant((p) => p.calls.status.rules.unshift({ when: [see, message], means } as never));

  it('a closing rule reading the message by a pattern is refused; by exact words it is accepted and read', () => {
    expect(refusal(withRule({ field: 'message', is: 'regex', pattern: 'success' }))).toEqual([
      { fault: 'closes_by_message_pattern', call: 'status', rule: 1 },
    ]);
    expect(refusal(withRule({ field: 'message', is: 'present' }, 'Failure'))).toEqual([
      { fault: 'closes_by_message_pattern', call: 'status', rule: 1 },
    ]);
    const exact = withRule({ field: 'message', is: 'equals', value: 'Transaction Successful' });
    expect(refusal(exact)).toBeNull();
    const engine = createEngine(exact);
    expect(engine.read('status', '{"status":"3","message":"Transaction Successful"}')?.meaning).toBe('Success');
    // Any other message, a longer one too, is no verdict: the recharge stays with the status check.
    expect(engine.read('status', '{"status":"3","message":"Transaction Successful?"}')?.meaning).toBeNull();
    expect(engine.read('status', '{"status":"3","message":"Gateway Timeout"}')?.meaning).toBeNull();
  });

  it('a message of the silence corpus cannot close, even as exact words', () => {
    expect(refusal(withRule({ field: 'message', is: 'oneOf', values: ['Done', 'Bad Gateway'] }, 'Failure'))).toContainEqual(
      expect.objectContaining({ fault: 'closes_silence', call: 'status', rule: 1, reply: expect.stringContaining('bad-gateway') }),
    );
    expect(refusal(withRule({ field: 'message', is: 'equals', value: '' }, 'Failure'))).toContainEqual(
      expect.objectContaining({ fault: 'closes_silence', reply: 'message-blank' }),
    );
  });
});

describe('a capture is a pattern like a rule’s', () => {
  const capturing = (capture: string) =>
    variant((p) => ((p.calls.status.reply.fields as Record<string, unknown>)['txnId'] = [{ from: 'message', capture }]));

  it('one that cannot run or has not exactly one group is refused by its field', () => {
    for (const capture of ['Txn (\\d+) (\\d+)', 'Txn \\d+', 'Txn (?=\\d)(\\d+)'])
      expect(refusal(capturing(capture)), capture).toEqual([{ fault: 'bad_capture', call: 'status', field: 'txnId' }]);
    expect(refusal(capturing('Txn ?Id[: ]*([A-Z0-9]+)'))).toBeNull();
  });

  it('a slow one is refused by name, and captures count among the 16 patterns', () => {
    expect(refusal(capturing('((?:[a-z0-9]{1,30}[ ]?){1,33})x'))).toEqual([{ fault: 'capture_too_slow', call: 'status', field: 'txnId' }]);
    const many = variant((p) => {
      (p.calls.status.reply.fields as Record<string, unknown>)['txnId'] = [{ from: 'message', capture: 'Txn (\\d+)' }];
      for (let i = 0; i < 16; i++)
        p.calls.balance.rules.push({ when: [{ field: 'message', is: 'regex', pattern: `w${i}` }], means: 'Pending' } as never);
    });
    expect(refusal(many)).toEqual([{ fault: 'too_many_patterns', count: 17 }]);
  });
});

describe('pattern cost is bounded at load', () => {
  it('a slow pattern is refused by name, within the time budget', () => {
    const slow = variant((p) =>
      p.calls.status.rules.unshift({
        when: [{ field: 'message', is: 'regex', pattern: '([a-z0-9]{1,30}[ ]?){1,33}x' }],
        means: 'Pending',
      } as never),
    );
    const t = performance.now();
    expect(refusal(slow)).toEqual([{ fault: 'pattern_too_slow', call: 'status', rule: 1 }]);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('a pattern longer than 120 characters, or more than 16 patterns, is refused', () => {
    const long = variant((p) =>
      p.calls.status.rules.unshift({ when: [{ field: 'message', is: 'regex', pattern: 'a'.repeat(121) }], means: 'Pending' } as never),
    );
    expect(() => createEngine(long)).toThrow(/too_big|121|120/);
    const many = variant((p) => {
      for (let i = 0; i < 17; i++)
        p.calls.balance.rules.push({ when: [{ field: 'message', is: 'regex', pattern: `w${i}` }], means: 'Pending' } as never);
    });
    expect(refusal(many)).toEqual([{ fault: 'too_many_patterns', count: 17 }]);
  });
});

describe('the built-in profiles keep their readings', () => {
  it.each(BUILTIN_PROFILE_IDS)('%s reads each of its samples as it says', (id) => {
    const engine = builtinEngine(id);
    for (const s of engine.profile.samples) expect(sampleReading(s.call, engine.read(s.call, s.body)), s.note).toBe(s.reads);
  });
});
