import { describe, expect, it } from 'vitest';
import { dialectReply } from '../../../src/sandbox/dialect/dialect-reply';
import { libraryEngine, type LibraryProfileId } from '../../../src/shared/profiles/library/library-profiles';

// A real document often has no word for an outcome. The sandbox then says what such a provider
// says: a refused recharge in its failure word (nothing was charged), and anything else, a used
// reference or a status check it cannot answer above all, with no verdict, which reads as unknown.
const read = (id: LibraryProfileId, call: 'recharge' | 'status', endpoint: string, body: Record<string, unknown>) => {
  const engine = libraryEngine(id);
  return engine.read(call, dialectReply(engine, endpoint, body).text)?.meaning ?? null;
};
const refusal = { status: 'Error', errorcode: '128', message: 'Insufficient Fund' };

describe('what a dialect says where its document has no word', () => {
  it('a refused recharge is said in the failure word when the document has no refusal word', () => {
    expect(read('rechapi', 'recharge', 'recharge', refusal)).toBe('Failure');
    expect(read('joloapi', 'recharge', 'recharge', refusal)).toBe('Failure');
  });

  it('a status check the provider cannot answer is never said as a failure', () => {
    for (const id of ['rechapi', 'rechargeexchange', 'joloapi', 'pinwallet'] as const)
      expect(read(id, 'status', 'statusByRefId', { ...refusal, errorcode: '115' }), id).toBeNull();
  });

  it('a reference used already is never said as a failure', () => {
    for (const id of ['rechapi', 'rechargeexchange', 'joloapi', 'rechargkit'] as const)
      expect(read(id, 'recharge', 'recharge', { ...refusal, errorcode: '109' }), id).toBeNull();
  });

  it('a provider with neither word leaves a refused recharge unknown', () => {
    expect(read('pinwallet', 'recharge', 'recharge', refusal)).toBeNull();
  });
});
