import { describe, expect, it } from 'vitest';
import { dialectReply } from '../../../src/sandbox/dialect/dialect-reply';
import { patternExample } from '../../../src/sandbox/dialect/pattern-example';
import { createEngine } from '../../../src/shared/profiles/profile-engine';
import { readReply } from '../../../src/shared/profiles/reply-reader';
import { reply } from '../../../src/shared/profiles/profile-schema';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../../src/shared/profiles/profile-ids';
import fixture from '../../fixtures/profiles/kv-message-v2.json';

// The simulator says a reply in the profile's new shapes (issue 36 item 5) from the same data the
// app reads it with: a key=value line, facts packed by pairs or inside a capture's words.
const engine = createEngine(fixture);

describe('the simulator speaks key=value replies with facts inside a field', () => {
  it('a success packs the txn id and balance into the message by the profile’s marks', () => {
    const said = dialectReply(engine, 'recharge', {
      status: 'Success',
      message: 'Recharge successful',
      number: '9000005555',
      amount: '100',
      ref_id: '101',
      txn_id: 'T61',
      opt_id: 'OP9',
      balance: '1940.00',
    });
    expect(said.contentType).toMatch(/^text\/plain/);
    expect(said.text).toBe('STATUS=SUCCESS&MSG=Recharge+successful,TxId:T61,Bal:1940.00&MOBILE=9000005555&AMOUNT=100&REQID=101&OPID=OP9');
    expect(engine.read('recharge', said.text)?.fields).toMatchObject({ txnId: 'T61', balance: 194000, refId: '101' });
  });

  it('a status check says “3” and the verdict in the message; the txn id inside a capture’s words', () => {
    for (const [status, words, meaning] of [
      ['Success', 'Transaction Successful', 'Success'],
      ['Pending', 'Transaction Pending', 'Pending'],
      ['Failure', 'Transaction Failed', 'Failure'],
      ['Refunded', 'Transaction Refunded', 'Refunded'],
    ] as const) {
      const said = dialectReply(engine, 'statusByRefId', { status, message: 'x', ref_id: '7', txn_id: 'T61', balance: '12.50' });
      expect(said.text, status).toContain(`STATUS=3&REMARK=${words.replace(/ /g, '+')}`);
      const read = engine.read('status', said.text);
      expect(read?.meaning, status).toBe(meaning);
      expect(read?.fields, status).toMatchObject({ txnId: 'T61', balance: 1250 });
    }
  });

  it('a value holding `&`, `=` or `%` is escaped so it stays one value', () => {
    const said = dialectReply(engine, 'recharge', { status: 'Error', errorcode: '128', message: 'Low & slow = 100%' });
    expect(engine.read('recharge', said.text)).toMatchObject({ meaning: 'not_processed', fields: { message: 'Low & slow = 100%' } });
  });

  it('the built-in dialects are said as before (their samples’ shapes unchanged)', () => {
    for (const id of BUILTIN_PROFILE_IDS) {
      const e = builtinEngine(id);
      const said = dialectReply(e, 'balance', { status: 'Success', buyerBalance: '100.00' });
      expect(e.read('balance', said.text)?.fields.buyerBalance, id).toBe(10000);
    }
  });
});

describe('a capture’s words written out', () => {
  it.each([
    ['Ref ([A-Za-z0-9]+)', 'T61'],
    ['Txn ?Id[: ]*([A-Z0-9]+)', 'T61'],
    ['Bal(?:ance)? Rs\\.? ?([0-9]+(?:\\.[0-9]+)?)', '1940.50'],
    ['^Recharge (?:done|ok)\\s+#(\\d+)$', '61'],
    ['id=(\\w+);', 'T61'],
  ])('%s says %s back', (capture, value) => {
    const text = patternExample(capture, value);
    const spec = reply.parse({ format: 'json', fields: { txnId: [{ from: 'm', capture }] } });
    expect(readReply(JSON.stringify({ m: text }), spec)).toEqual({ txnId: value });
  });
});
