import { describe, expect, it } from 'vitest';
import { callbackMismatch } from '../../../../src/main/core/callback/callback-match';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';
import { operatorCodes } from '../../../../src/shared/profiles/profile-operators';

// Issue 35 item 3 on the callback's path: a callback is read in the profile's words and held
// against the recharge its reference names; it only ever asks for a status check.
const TXN = { refId: 'AB12', number: '9876543210', amount: 19_900, operator: 'JIO' } as TxnRecord;
const document = builtinEngine('document');
const read = (params: Record<string, string>) => document.readCallback({ refId: 'AB12', status: 'Success', ...params })!.named;
const check = (params: Record<string, string>) => callbackMismatch(TXN, read(params), operatorCodes(document.profile));

describe('a callback about another request', () => {
  it('is named for the log when it names another number, amount or operator than the recharge sent', () => {
    expect(check({ number: '9876543210', amount: '199', operatorCode: 'JIO' })).toBeNull();
    expect(check({})).toBeNull();
    expect(check({ number: '9876543211', amount: '299', operatorCode: 'AT' })).toBe(
      'callback for AB12 is about another request (number 9876543211, amount 29900, operator AT): the status check decides',
    );
  });

  it('a callback for a reference the ledger does not have is left to the log line that says so', () => {
    expect(callbackMismatch(undefined, read({ number: '1' }), {})).toBeNull();
  });
});
