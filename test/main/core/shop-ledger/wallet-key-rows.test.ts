import { describe, expect, it } from 'vitest';
import { walletKey } from '../../../../src/main/core/balance/wallet-key';
import { checkPulledRow } from '../../../../src/main/core/shop-ledger/shop-rows';

// Issue 37: which provider wallet another counter's attempt moved travels as a digest, parsed before it is trusted.
const T = Date.parse('2026-12-01T10:00:00Z');
const row = {
  refId: 'AB12000000000001',
  counter: 'AB12',
  counterName: 'Front',
  number: '9876543210',
  operator: 'JIO',
  amount: 23_900,
  status: 'Success',
  message: '',
  createdAt: T,
  updatedAt: T,
  seq: 1,
};
const key = walletKey({ baseUrl: 'http://127.0.0.1:8080/api', username: '9000000011' });

describe("another counter's wallet key", () => {
  it('is one for one account however its address is written, and another for another login or address', () => {
    expect(walletKey({ baseUrl: 'HTTP://127.0.0.1:8080/api/', username: ' 9000000011 ' })).toBe(key);
    expect(walletKey({ baseUrl: 'http://127.0.0.1:8080/api', username: '9000000012' })).not.toBe(key);
    expect(walletKey({ baseUrl: 'http://127.0.0.1:8081/api', username: '9000000011' })).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('travels with the row and its commission; a malformed key is refused by name, an odd commission not used', () => {
    expect(checkPulledRow({ ...row, walletKey: key, margin: 598 }, 'QQ77')).toMatchObject({ row: { walletKey: key, margin: 598 } });
    expect(checkPulledRow({ ...row, walletKey: 'main', margin: 598 }, 'QQ77')).toEqual({ refused: 'bad_account' });
    expect(checkPulledRow({ ...row, walletKey: key, margin: -500 }, 'QQ77')).toMatchObject({ row: { margin: null } });
    expect(checkPulledRow({ ...row, walletKey: key, margin: 30_000 }, 'QQ77')).toMatchObject({ row: { margin: null } });
    // An older counter's row says no wallet: it explains no drop anywhere.
    expect(checkPulledRow(row, 'QQ77')).toMatchObject({ row: { walletKey: null, margin: null } });
  });
});
