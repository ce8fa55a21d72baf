import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { BalanceService } from '../../../../src/main/core/balance/balance-service';
import { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the last balance', () => {
  it('is read from the ledger once, then follows each snapshot this service writes', () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-balance-'));
    const file = join(dir, 'ledger.db');
    const first = Ledger.open(file);
    first.addBalanceSnapshot({ at: 1, buyer: 50_000, seller: 10, lien: 0, source: 'balance' });
    first.close();
    const ledger = Ledger.open(file);
    let reads = 0;
    const lastBalance = ledger.lastBalance.bind(ledger);
    ledger.lastBalance = () => (reads++, lastBalance());
    const low: number[] = [];
    const balances = new BalanceService({
      ledger,
      client: new ResellerClient(() => null),
      now: () => 5,
      lowThreshold: () => 20_000,
      onUpdate: () => {},
      onLow: (buyer) => low.push(buyer),
    });
    expect(balances.last()).toEqual({ at: 1, buyer: 50_000, seller: 10, lien: 0, source: 'balance' });
    expect(balances.last()?.buyer).toBe(50_000);
    expect(reads).toBe(1);
    balances.noteReplyBalance(19_000);
    // Kept as written, and as the ledger has it.
    expect(balances.last()).toEqual({ at: 5, buyer: 19_000, seller: 10, lien: 0, source: 'reply' });
    expect(lastBalance()).toEqual(balances.last());
    expect(low).toEqual([19_000]);
    balances.noteReplyBalance(18_000);
    expect(low).toEqual([19_000]);
    expect(reads).toBe(1);
    ledger.close();
  });
});
