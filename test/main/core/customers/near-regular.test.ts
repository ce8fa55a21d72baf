import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { CustomerService } from '../../../../src/main/core/customers/customer-service';
import { nearNumbers } from '../../../../src/main/core/customers/near-numbers';
import { istDate } from '../../../../src/shared/ist-date';
import type { TxnStatus } from '../../../../src/shared/status';
import { tempDir } from '../../../support/temp-dir';

const NOON = Date.parse('2026-11-22T06:30:00Z');
let ledger: Ledger;
let book: CustomerService;
let seq = 0;

beforeEach(() => {
  ledger = Ledger.open(join(tempDir('near'), 'ledger.db'));
  book = new CustomerService({ ledger, now: () => NOON });
});
afterEach(() => ledger.close());

function recharge(number: string, status: TxnStatus = 'Success') {
  const refId = `N${++seq}`;
  const at = NOON - seq * 60_000;
  ledger.insertSubmitting({ refId, number, operator: 'JIO', amount: 19900, rechargeDate: istDate(at), now: at });
  ledger.update(refId, { status, nextCheckAt: null }, 'reply', at + 1000);
}

describe('the numbers one slip away', () => {
  it('are every one-digit change and every swap of two different neighbours, never the number itself', () => {
    const near = nearNumbers('9876543210');
    expect(near).toHaveLength(90 + 9);
    expect(near).toContain('9876543219'); // last digit wrong
    expect(near).toContain('8976543210'); // first two swapped
    expect(near).not.toContain('9876543210');
    // Equal neighbours swapped are the same number: not counted twice.
    expect(nearNumbers('9999999999')).toHaveLength(90);
  });
});

describe('the wrong-number guard', () => {
  it('names the regular a new number is one wrong digit or one swap away from', () => {
    recharge('9876543210');
    recharge('9876543210');
    expect(book.nearRegular('9876543219')).toEqual({ number: '9876543210', name: '' });
    expect(book.nearRegular('9876542310')).toEqual({ number: '9876543210', name: '' });
  });

  it('counts a named customer as a regular from the first recharge, and prefers one by name', () => {
    recharge('9876500001');
    recharge('9876500002');
    recharge('9876500002');
    book.save({ number: '9876500001', name: 'Geeta', operator: null, circle: null });
    // 9876500003 is one digit from both; the named one is the one the shopkeeper knows.
    expect(book.nearRegular('9876500003')).toEqual({ number: '9876500001', name: 'Geeta' });
  });

  it('says nothing for a number the book knows, one near no regular, or near a one-off customer', () => {
    recharge('9876543210');
    recharge('9876543210');
    recharge('9876543211'); // a real, different customer with one success
    expect(book.nearRegular('9876543210')).toBeNull(); // the regular itself
    expect(book.nearRegular('9876543211')).toBeNull(); // known: recharged before
    recharge('9123456780'); // once only, unnamed: not a regular
    expect(book.nearRegular('9123456781')).toBeNull();
    expect(book.nearRegular('8000000000')).toBeNull();
    // Failures do not make a regular.
    recharge('9000000001', 'Failure');
    recharge('9000000001', 'Failure');
    expect(book.nearRegular('9000000002')).toBeNull();
  });
});
