import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger } from '../../../../src/main/core/ledger/ledger';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';
import type { NewSale } from '../../../../src/main/core/ledger/sale-sql';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';

let seq = 0;
function sell(l: Ledger, number: string, amount: number, sale: Omit<NewSale, 'saleRef'>, status: 'Success' | 'Failure') {
  const refId = `AAAA${String(++seq).padStart(12, '0')}`;
  const at = T0 + seq * 60_000;
  l.insertSubmitting({ refId, number, operator: 'JIO', amount, rechargeDate: DAY, now: at, sale: { saleRef: null, ...sale } });
  l.update(refId, { status, nextCheckAt: null }, 'reply', at + 1000);
  return refId;
}

/** Every row of the customer's money, derived tables included, as stored. */
function dump(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
    return Object.fromEntries(
      ['sales', 'money_entries', 'khata', 'khata_ages', 'upi_waiting', 'give_back_waiting'].map((t) => [t, all(t)] as const),
    );
  } finally {
    db.close();
  }
}

/** A shop that kept a journal since its last snapshot; returns the snapshot and the journal's folder. */
function shopAfterSnapshot() {
  seq = 0;
  return snapshotThenJournal(
    'journal-money-replay',
    T0,
    (l) => sell(l, '9876545555', 10_000, { method: 'credit', cash: 0, upi: 0, credit: 10_000 }, 'Success'),
    (l) => shopAfter(l),
  );
}

/** After the snapshot: payments, sales of every method, failures, a routed sale, a give-back and a correction. */
function shopAfter(l: Ledger) {
  const at = T0 + 3_600_000;
  l.khata.pay({ number: '9876545555', method: 'cash', amount: 4_000, date: DAY, at });
  const upi = sell(l, '9812345555', 19_900, { method: 'upi', cash: 0, upi: 19_900, credit: 0 }, 'Success');
  sell(l, '9823455555', 14_900, { method: 'split', cash: 4_900, upi: 10_000, credit: 0 }, 'Success');
  l.sales.markReceived(upi, at + 1, DAY);
  const back = sell(l, '9876540000', 10_000, { method: 'cash', cash: 10_000, upi: 0, credit: 0 }, 'Failure');
  sell(l, '9812340000', 11_000, { method: 'cash', cash: 11_000, upi: 0, credit: 0 }, 'Failure');
  // Its credit comes off the due by a trigger, in the failure's own SQL transaction.
  sell(l, '9876545555', 12_000, { method: 'credit', cash: 0, upi: 0, credit: 12_000 }, 'Failure');
  // A routed sale: its first attempt fails, the spare's succeeds; the customer still owes it.
  const routed = {
    number: '9834565555',
    operator: 'JIO',
    amount: 15_500,
    rechargeDate: DAY,
    routeJson: JSON.stringify({ operator: 'JIO', amountRupees: 155, steps: [{ account: 'main', skipped: null }] }),
  };
  l.insertSubmitting({
    ...routed,
    refId: 'AAAA000000000090',
    now: at + 10,
    sale: { saleRef: null, method: 'credit', cash: 0, upi: 0, credit: 15_500 },
  });
  l.update('AAAA000000000090', { status: 'Failure', nextCheckAt: null }, 'reply', at + 11);
  l.insertSubmitting({ ...routed, refId: 'AAAA000000000091', now: at + 12, saleId: 'AAAA000000000090', attemptNo: 2, accountId: 'spare' });
  l.update('AAAA000000000091', { status: 'Success', nextCheckAt: null }, 'reply', at + 13);
  l.moneyFollow.settle(back, 'given_back', at + 2, DAY);
  // The snapshot's credit sale corrected down by ₹5: a correction names the line it corrects.
  l.khata.correct({ number: '9876545555', amount: -500, corrects: null, refId: 'AAAA000000000001', date: DAY, at: at + 3 });
}

const replay = (target: string, usb: string) =>
  replayOnto(target, usb, T0, (l) => ({ due: l.khata.due('9876545555'), routed: l.khata.due('9834565555') }));

describe('a journal carries the sales and money entries since the snapshot', () => {
  it('replayed onto the snapshot, every sale, entry and derived list is as the shop had it; twice changes nothing', async () => {
    const { file, snapshot, usb } = await shopAfterSnapshot();
    const shop = dump(file);
    expect(shop['money_entries']).toHaveLength(5);

    const first = await replay(snapshot, usb);
    expect(first).toEqual({ refused: [], due: 10_000 - 4_000 - 500, routed: 15_500 });
    expect(dump(snapshot)).toEqual(shop);
    await replay(snapshot, usb);
    expect(dump(snapshot)).toEqual(shop);
  });

  it('refuses a money entry with a negative id, a sale whose parts do not make its recharge, a kind it does not know, a forged route; replays the rest', async () => {
    const { file, snapshot, usb } = await shopAfterSnapshot();
    const shop = dump(file);
    const submitting = readFileSync(join(usb, 'journal.ndjson'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"toStatus":"Submitting"'))
      .map((l) => JSON.parse(l) as { txn: object; event: object })[0]!;
    const payment = { id: 99, kind: 'credit_payment', refId: null, number: '9876545555', method: 'cash', amount: 1_000, corrects: null };
    const dated = { entryDate: DAY, at: T0 + 9_000_000 };
    appendFileSync(
      join(usb, 'journal.ndjson'),
      [
        { kind: 'money', entry: { ...payment, ...dated, id: -4 } },
        {
          kind: 'sale',
          sale: {
            saleDate: DAY,
            createdAt: T0,
            id: 50,
            refId: 'AAAA000000000002',
            saleRef: null,
            number: '9812345555',
            method: 'upi',
            cash: 0,
            upi: 1,
            credit: 0,
          },
        },
        { kind: 'refund', entry: { ...payment, ...dated } },
        // A credit sale made to look routed, so that its failure would not take it off the due.
        {
          txn: { ...submitting.txn, refId: 'AAAA000000000077' },
          event: { ...submitting.event, refId: 'AAAA000000000077' },
          routeJson: 'x',
        },
        // UPI received for more than the sale's UPI part.
        {
          kind: 'money',
          entry: {
            ...payment,
            ...dated,
            kind: 'upi_received',
            refId: 'AAAA000000000003',
            number: '9823455555',
            method: 'upi',
            amount: 50_000,
          },
        },
      ]
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(''),
    );
    const { refused, due } = await replay(snapshot, usb);
    expect(refused.map((r) => r.reason).sort()).toEqual(['amount', 'amount', 'bad_values', 'bad_values', 'bad_values']);
    expect(due).toBe(5_500);
    expect(dump(snapshot)).toEqual(shop);
  });
});
