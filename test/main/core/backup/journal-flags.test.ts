import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger } from '../../../../src/main/core/ledger/ledger';
import { DoubleFlags } from '../../../../src/main/core/routing/double-flags';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';

/** A routed sale: its first attempt counted failed, the spare's sent after it and a Success. */
function routedSale(l: Ledger, n: number, number: string, at: number) {
  const first = `AAAA0000000000${n}0`;
  const second = `AAAA0000000000${n}1`;
  const sale = { number, operator: 'JIO', amount: 19_900, rechargeDate: DAY };
  l.insertSubmitting({ ...sale, refId: first, now: at });
  l.update(first, { status: 'Failure', nextCheckAt: null }, 'reply', at + 1);
  l.insertSubmitting({ ...sale, refId: second, now: at + 2, saleId: first, attemptNo: 2, accountId: 'spare' });
  l.update(second, { status: 'Success', nextCheckAt: null }, 'reply', at + 3);
  return { first: l.get(first)!, second: l.get(second)! };
}

let clock = T0;
const doubles = (l: Ledger) => new DoubleFlags({ ledger: l, nameOf: (id) => id, now: () => clock });

function flags(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM sale_flags ORDER BY id').all();
  } finally {
    db.close();
  }
}

/**
 * A shop whose last snapshot holds one double not yet checked; after it, the owner checks that one,
 * and two more doubles are found, one of them checked too. Returns the snapshot and the journal's folder.
 */
function shopAfterSnapshot() {
  clock = T0;
  return snapshotThenJournal(
    'journal-flags',
    T0,
    (l) => {
      const a = routedSale(l, 1, '9876545555', T0);
      doubles(l).keep(a.first, a.second);
    },
    (l) => {
      clock = T0 + 3_600_000;
      const b = routedSale(l, 2, '9812345555', clock);
      const c = routedSale(l, 3, '9823455555', clock + 10);
      doubles(l).keep(b.first, b.second);
      doubles(l).keep(c.first, c.second);
      clock += 60_000;
      doubles(l).markSeen('AAAA000000000010');
      doubles(l).markSeen(b.first.refId);
    },
  );
}

const replay = (target: string, usb: string) =>
  replayOnto(target, usb, T0, (l) => ({
    unseen: doubles(l)
      .list()
      .filter((f) => f.seenAt === null)
      .map((f) => f.saleId),
  }));

describe('a journal carries the possible doubles and the owner’s checks since the snapshot', () => {
  it('restored from snapshot and journal, every flag and "I have checked this" is as the shop had it; twice changes nothing', async () => {
    const { file, snapshot, usb } = await shopAfterSnapshot();
    const shop = flags(file);
    expect(shop).toHaveLength(3);

    const first = await replay(snapshot, usb);
    // Only the double nobody checked is told again at the next start.
    expect(first).toEqual({ refused: [], unseen: ['AAAA000000000030'] });
    expect(flags(snapshot)).toEqual(shop);
    await replay(snapshot, usb);
    expect(flags(snapshot)).toEqual(shop);
  });

  it('refuses a flag of a kind it does not know, one naming another sale’s attempt, one checked before it was found; replays the rest', async () => {
    const { file, snapshot, usb } = await shopAfterSnapshot();
    const shop = flags(file);
    const flag = {
      id: 40,
      saleId: 'AAAA000000000030',
      kind: 'possible_double',
      firstRef: 'AAAA000000000030',
      secondRef: 'AAAA000000000031',
      at: T0 + 7_200_000,
      seenAt: null,
    };
    appendFileSync(
      join(usb, 'journal.ndjson'),
      [
        { kind: 'flag', flag: { ...flag, kind: 'refund_twice', firstRef: 'AAAA000000000031' } },
        // Would stop sale 1's money and mark sale 2's attempt as its double.
        { kind: 'flag', flag: { ...flag, saleId: 'AAAA000000000010', firstRef: 'AAAA000000000010', secondRef: 'AAAA000000000021' } },
        { kind: 'flag', flag: { ...flag, firstRef: 'AAAA000000000031', secondRef: 'AAAA000000000030', seenAt: flag.at - 1 } },
        // A line that would take back the owner's check changes nothing.
        { kind: 'flag', flag: { ...flag, id: 2, saleId: 'AAAA000000000020', firstRef: 'AAAA000000000020', secondRef: 'AAAA000000000021' } },
      ]
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(''),
    );
    const { refused, unseen } = await replay(snapshot, usb);
    expect(refused).toEqual([
      { refId: 'AAAA000000000030', reason: 'bad_values' },
      { refId: 'AAAA000000000010', reason: 'bad_values' },
      { refId: 'AAAA000000000030', reason: 'bad_values' },
    ]);
    expect(unseen).toEqual(['AAAA000000000030']);
    expect(flags(snapshot)).toEqual(shop);
  });
});
