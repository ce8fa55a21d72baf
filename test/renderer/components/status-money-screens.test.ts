import { describe, expect, it } from 'vitest';
import { statusTone } from '../../../src/renderer/components/status-tone';
import { openFor, openTotal } from '../../../src/renderer/stores/open-money';
import { MONEY_OF_STATUS } from '../../../src/shared/money-law/status-money';
import { TXN_STATUSES } from '../../../src/shared/status';
import { txn } from '../fake-desk';

// Issue 35 item 7: the screens read each status's money meaning from the one table (the core's
// side is walked in test/main/core/ledger/status-money-walk.test.ts).
describe('every status looks on screen as the money law says', () => {
  it('shown bad exactly when the customer got nothing, held on the tray exactly while the money is held', () => {
    for (const status of TXN_STATUSES) {
      const meaning = MONEY_OF_STATUS[status];
      const row = txn({ status, number: '9876543210', amount: 19_900, createdAt: 0 });
      expect(statusTone(status) === 'bad', status).toBe(meaning === 'nothing');
      expect(statusTone(status) === 'good', status).toBe(meaning === 'went');
      expect(openTotal([row]).count, status).toBe(meaning === 'held' ? 1 : 0);
      expect(openFor('9876543210', [row]).length, status).toBe(meaning === 'held' ? 1 : 0);
    }
  });
});
