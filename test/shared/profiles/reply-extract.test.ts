import { describe, expect, it } from 'vitest';
import { readReply } from '../../../src/shared/profiles/reply-reader';
import { reply, type ReplySpec } from '../../../src/shared/profiles/profile-schema';

// Issue 36 item 5: facts inside a field, and `key=value` bodies. What a reader cannot be sure of
// is absent (the rules then leave the recharge to the status check), never a guess.
const spec = (s: unknown): ReplySpec => reply.parse(s);
const pairs = (from: string | number) => ({ from, pair: 'TxId', separator: ',', joiner: ':' });
const bal = (from: string | number) => ({ from, pair: 'Bal', separator: ',', joiner: ':' });

describe('facts packed in a field by pairs', () => {
  const json = spec({ format: 'json', fields: { status: ['status'], message: ['msg'], txnId: [pairs('msg')], balance: [bal('msg')] } });

  it('reads `TxId:61,Bal:1940` inside the message, the message kept whole', () => {
    expect(readReply('{"status":"SUCCESS","msg":"Recharge done,TxId:61,Bal:1940"}', json)).toEqual({
      status: 'SUCCESS',
      message: 'Recharge done,TxId:61,Bal:1940',
      txnId: '61',
      balance: '1940',
    });
  });

  it('a pair not there leaves its field absent; a pair said twice with two values is unreadable, never the first', () => {
    expect(readReply('{"status":"SUCCESS","msg":"Bal:1940"}', json)).not.toHaveProperty('txnId');
    const twice = readReply('{"status":"SUCCESS","msg":"TxId:61,Bal:1940,TxId:62"}', json);
    expect(twice).not.toHaveProperty('txnId');
    expect(twice).toMatchObject({ balance: '1940' });
    // Said twice alike is one fact.
    expect(readReply('{"msg":"TxId:61,TxId: 61 "}', json)).toMatchObject({ txnId: '61' });
  });

  it('an unreadable pair does not fall through to the next place: that would pick one of two', () => {
    const withFallback = spec({ format: 'json', fields: { status: ['status'], txnId: [pairs('msg'), 'txn'] } });
    expect(readReply('{"status":"x","msg":"TxId:61,TxId:62","txn":"63"}', withFallback)).not.toHaveProperty('txnId');
    expect(readReply('{"status":"x","msg":"no ids here","txn":"63"}', withFallback)).toMatchObject({ txnId: '63' });
  });

  it('a source that is a number, an object or missing: read as text, or absent', () => {
    const s = spec({ format: 'json', fields: { status: ['status'], balance: [{ from: 'n', capture: '^(\\d+)$' }] } });
    expect(readReply('{"status":"x","n":1940}', s)).toMatchObject({ balance: '1940' });
    expect(readReply('{"status":"x","n":{"a":1}}', s)).toEqual({ status: 'x' });
    expect(readReply('{"status":"x"}', s)).toEqual({ status: 'x' });
  });

  it('works on a delimited line and an XML element too', () => {
    const line = spec({ format: 'delimited', delimiter: '|', fields: { status: [0], txnId: [pairs(2)] } });
    expect(readReply('SUCCESS|ok|TxId:61,Bal:1940', line)).toEqual({ status: 'SUCCESS', txnId: '61' });
    const xml = spec({ format: 'xml', fields: { status: ['r.s'], txnId: [pairs('r.m')] } });
    expect(readReply('<r><s>OK</s><m>TxId:61</m></r>', xml)).toEqual({ status: 'OK', txnId: '61' });
  });

  it('unicode values and keys are read as written', () => {
    const s = spec({ format: 'json', fields: { message: [{ from: 'm', pair: 'संदेश', separator: ';', joiner: '=' }] } });
    expect(readReply('{"m":"संदेश=रिचार्ज सफल 😀;x=1"}', s)).toEqual({ message: 'रिचार्ज सफल 😀' });
  });
});

describe('facts read by one RE2 capture group', () => {
  const s = spec({
    format: 'json',
    fields: {
      status: ['status'],
      txnId: [{ from: 'msg', capture: 'Txn ?Id[: ]*([A-Z0-9]+)' }],
      balance: [{ from: 'msg', capture: 'Bal(?:ance)? Rs\\.? ?([0-9.]+)' }],
    },
  });

  it('reads each fact from the words around it, case as the pattern engine reads rules', () => {
    expect(readReply('{"status":"OK","msg":"Recharge of 10 done. TXNID: T61 Balance Rs. 1940.50"}', s)).toEqual({
      status: 'OK',
      txnId: 'T61',
      balance: '1940.50',
    });
  });

  it('two matches with two values are unreadable; none is absent', () => {
    expect(readReply('{"status":"OK","msg":"TxnId T61 and TxnId T62"}', s)).toEqual({ status: 'OK' });
    expect(readReply('{"status":"OK","msg":"Recharge done"}', s)).toEqual({ status: 'OK' });
  });

  it('a text longer than 1,000 characters gives no facts (a cut could end inside one), and the read stays fast', () => {
    expect(readReply(JSON.stringify({ status: 'OK', msg: `Bal Rs 19400${' '.repeat(1000)}` }), s)).toEqual({ status: 'OK' });
    const huge = `TxnId T61 ${'x '.repeat(100_000)}`;
    const t = performance.now();
    expect(readReply(JSON.stringify({ status: 'OK', msg: huge }), s)).toEqual({ status: 'OK' });
    expect(performance.now() - t).toBeLessThan(200);
  });

  it('a pattern that would be slow in a backtracking engine runs in linear time', () => {
    const evil = spec({ format: 'json', fields: { txnId: [{ from: 'm', capture: '^(a+)+$' }] } });
    const t = performance.now();
    expect(readReply(JSON.stringify({ m: `${'a'.repeat(999)}!` }), evil)).toEqual({});
    expect(performance.now() - t).toBeLessThan(200);
  });
});

describe('key=value bodies', () => {
  const kv = spec({
    format: 'kv',
    fields: { status: ['status'], txnId: ['txid'], balance: ['bal'], message: ['msg'], refId: ['data.ref'] },
  });

  it('reads names as written, values decoded', () => {
    expect(readReply('status=SUCCESS&txid=T61&bal=1940.00&msg=Recharge+done%21&data.ref=AB12\r\n', kv)).toEqual({
      status: 'SUCCESS',
      txnId: 'T61',
      balance: '1940.00',
      message: 'Recharge done!',
      refId: 'AB12',
    });
  });

  it('a name said twice with two values leaves that field unread; alike, it is read', () => {
    expect(readReply('status=SUCCESS&txid=T61&status=FAILED', kv)).toEqual({ txnId: 'T61' });
    expect(readReply('status=SUCCESS&status=SUCCESS', kv)).toEqual({ status: 'SUCCESS' });
    // An encoded name is the same name.
    expect(readReply('status=SUCCESS&st%61tus=FAILED', kv)).toEqual({});
  });

  it('`=` and `&` inside a value: escaped they are read; a bare `&` lengthens the value before it, never makes a name', () => {
    expect(readReply('status=SUCCESS&msg=a%3Db%26c%3Dd', kv)).toEqual({ status: 'SUCCESS', message: 'a=b&c=d' });
    expect(readReply('status=SUCCESS&msg=a=b', kv)).toEqual({ status: 'SUCCESS', message: 'a=b' });
    expect(readReply('msg=Tom&Jerry&status=SUCCESS', kv)).toEqual({ message: 'Tom&Jerry', status: 'SUCCESS' });
    // A message that smuggles a second status contradicts the first: no status at all.
    expect(readReply('status=FAILED&msg=x&status=SUCCESS', kv)).toEqual({ message: 'x' });
    expect(readReply('status=SUCCESS&', kv)).toEqual({ status: 'SUCCESS' });
  });

  it('a body that is not key=value is no reply; a broken escape is kept as written', () => {
    for (const body of ['', '   ', '<html><body>502 Bad Gateway</body></html>', 'Bad Gateway', '{"status":"SUCCESS"}'])
      expect(readReply(body, kv), body).toBeNull();
    expect(readReply('status=SUCCESS&msg=100%', kv)).toEqual({ status: 'SUCCESS', message: '100%' });
  });

  it('only the first line is the record', () => {
    expect(readReply('status=PENDING\nstatus=SUCCESS', kv)).toEqual({ status: 'PENDING' });
  });

  // Linear-time reading is the RE2 engine's and the reader's design; a slow read shows in the bench, not here.
  it('huge values and many pairs are read whole and right', () => {
    const body = `status=SUCCESS&msg=${'%F0%9F%98%80'.repeat(20_000)}&${Array.from({ length: 5000 }, (_, i) => `k${i}=v`).join('&')}`;
    const read = readReply(body, kv);
    expect(read?.status).toBe('SUCCESS');
    expect(String(read?.message)).toHaveLength(40_000);
  });

  it('packed facts inside a kv value', () => {
    const packed = spec({ format: 'kv', fields: { status: ['STATUS'], txnId: [pairs('MSG')], balance: [bal('MSG')] } });
    expect(readReply('STATUS=SUCCESS&MSG=TxId:61,Bal:1940', packed)).toEqual({ status: 'SUCCESS', txnId: '61', balance: '1940' });
  });
});

describe('the extractor’s shape', () => {
  it('refuses a separator equal to its joiner, letters as marks, and a capture too long', () => {
    expect(() => spec({ format: 'json', fields: { txnId: [{ from: 'm', pair: 'T', separator: ':', joiner: ':' }] } })).toThrow();
    expect(() => spec({ format: 'json', fields: { txnId: [{ from: 'm', pair: 'T', separator: 'x', joiner: ':' }] } })).toThrow();
    expect(() => spec({ format: 'json', fields: { txnId: [{ from: 'm', capture: `(${'a'.repeat(120)})` }] } })).toThrow();
    expect(() => spec({ format: 'delimited', delimiter: '|', fields: { txnId: [{ from: 'm', capture: '(a)' }] } })).toThrow();
  });
});
