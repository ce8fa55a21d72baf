import { describe, expect, it } from 'vitest';
import { WalletWatch } from '../../../../src/main/core/balance/wallet-watch';
import type { TxnStatus } from '../../../../src/shared/status';

const row = (status: TxnStatus, amount: number, margin: number | null = null) => ({ status, amount, margin });

describe('a wallet change the app cannot explain', () => {
  it('a recharge and its answers explain the balance at every reading: nothing to look for', () => {
    const w = new WalletWatch();
    expect(w.observe(100_000, 0)).toBe(0);
    // Sent: the reply's balance is read while the row still waits for its answer.
    w.txnChanged(null, row('Submitting', 14_900));
    expect(w.observe(100_000 - 14_900 + 372, 14_900)).toBe(0);
    w.txnChanged(row('Submitting', 14_900), row('Success', 14_900, 372));
    expect(w.observe(100_000 - 14_900 + 372, 0)).toBe(0);
    // Pending holds the amount, a failure brings it back.
    w.txnChanged(null, row('Pending', 10_000));
    expect(w.observe(85_472 - 10_000, 0)).toBe(0);
    w.txnChanged(row('Pending', 10_000), row('Failure', 10_000));
    expect(w.observe(85_472, 0)).toBe(0);
    // A reversal the app has already found is explained too.
    w.txnChanged(row('Success', 14_900, 372), row('Refunded', 14_900));
    expect(w.observe(100_000, 0)).toBe(0);
  });

  it('money back after a success that no answer has told of is unexplained, until the check finds it', () => {
    const w = new WalletWatch();
    w.observe(100_000, 0);
    w.txnChanged(null, row('Success', 19_400, 485));
    expect(w.observe(100_000 - 19_400 + 485, 0)).toBe(0);
    // The provider reversed it; only the balance says so.
    expect(w.observe(100_000, 0)).toBe(19_400 - 485);
    // Still unexplained at the next reading: it is not quietly taken as the new normal.
    expect(w.observe(100_000, 0)).toBe(19_400 - 485);
    // The status check found the reversal: the story has caught up.
    w.txnChanged(row('Success', 19_400, 485), row('Refunded', 19_400));
    expect(w.observe(100_000, 0)).toBe(0);
  });

  it('money gone that no recharge explains is unexplained too', () => {
    const w = new WalletWatch();
    w.observe(50_000, 0);
    expect(w.observe(40_000, 0)).toBe(-10_000);
  });

  it('a recharge still without an answer may explain a move up to its amount, no more', () => {
    const w = new WalletWatch();
    w.observe(50_000, 0);
    expect(w.observe(40_000, 10_000)).toBe(0);
    expect(w.observe(60_000, 10_000)).toBe(10_000);
  });

  it('a top-up no check explains is forgiven once, and the next reading measures from it', () => {
    const w = new WalletWatch();
    w.observe(50_000, 0);
    expect(w.observe(150_000, 0)).toBe(100_000);
    w.forgive(100_000);
    expect(w.observe(150_000, 0)).toBe(0);
    expect(w.observe(150_000, 0)).toBe(0);
  });
});

describe("another counter's recharges on the same wallet (issue 37)", () => {
  it('its Submitting and its Success are one charge: a drop beyond it is told, to the paisa', () => {
    const w = new WalletWatch();
    w.observe(100_000, 0);
    w.peerChanged('CCCC000000000001', null, row('Submitting', 23_900));
    w.peerChanged('CCCC000000000001', row('Submitting', 23_900), row('Success', 23_900, 598));
    // Its charge and 33,750 nobody sent: only the 33,750 is unexplained (added up change by change, 23,900 of it hid).
    expect(w.observe(100_000 - 23_900 + 598 - 33_750, 0)).toBe(-33_750);
    expect(w.observe(100_000 - 23_900 + 598, 0)).toBe(0);
  });

  it('learned after a reading that already held it, it is no money in; a refund of it is explained', () => {
    const w = new WalletWatch();
    // The provider took it before this reading; its row was pulled after.
    w.observe(100_000 - 14_900 + 372, 0);
    w.peerChanged('CCCC000000000002', null, row('Success', 14_900, 372));
    expect(w.observe(100_000 - 14_900 + 372, 0)).toBe(0);
    w.peerChanged('CCCC000000000002', row('Success', 14_900, 372), row('Refunded', 14_900));
    expect(w.observe(100_000, 0)).toBe(0);
  });
});
