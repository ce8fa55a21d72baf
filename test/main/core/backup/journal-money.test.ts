import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { tempDir } from '../../../support/temp-dir';

const harnesses: TestHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

/** What the shopkeeper reads of the customers' money: dues, ages, the give-back and UPI lists. */
async function moneyViews(h: TestHarness, numbers: readonly string[]) {
  const dues = await h.ok('khata:dues', {});
  const khata = await Promise.all(
    numbers.map(async (number) => {
      const k = await h.ok('khata:get', { number, lines: 50 });
      return { number, due: k.due, lines: k.lines.map((l) => ({ kind: l.kind, delta: l.delta, due: l.due, at: l.at })) };
    }),
  );
  const giveBack = (await h.ok('sale:toGiveBack', {})).items.map((s) => ({ refId: s.refId, cash: s.cash, upi: s.upi }));
  const upi = (await h.ok('sale:unreceived', {})).items.map((s) => ({ refId: s.refId, upi: s.upi }));
  return { owing: dues.items, ages: dues.ages, khata, giveBack, upi };
}

describe('the customers money outlives the PC: sales and money entries are journaled (issue 27)', () => {
  it(
    'a khata payment, a UPI received and a give-back made after the last snapshot come back exact; hostile lines are refused',
    { timeout: 90_000 },
    async () => {
      const shop = tempDir('journal-money-shop');
      const usb = tempDir('journal-money-usb');
      const h = await openHarness({ keepDir: shop });
      harnesses.push(h);
      await h.ok('settings:update', { upi: { vpa: 'guptamobile@icici', payee: 'Gupta Mobile' } });
      await h.ok('backup:setFolder', { path: usb });
      await until(async () => {
        const s = await h.ok('backup:status');
        return !s.running && s.folders.find((f) => f.kind === 'second')?.newest ? s : undefined;
      });

      // After the snapshot: only the journal has these.
      const onCredit = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 299, payment: { method: 'credit' } });
      expect(onCredit.outcome).toBe('success');
      await h.ok('khata:pay', { number: '9876545555', rupees: 120, method: 'cash' });
      const upiPaid = await h.ok('recharge:submit', { number: '9812345555', operator: 'JIO', amount: 199, payment: { method: 'upi' } });
      await h.ok('recharge:submit', { number: '9823455555', operator: 'JIO', amount: 149, payment: { method: 'upi' } });
      await h.ok('sale:markReceived', { refId: upiPaid.txn.refId });
      const failed = await h.ok('recharge:submit', { number: '9876540000', operator: 'VI', amount: 100 });
      expect(failed.outcome).toBe('failure');
      await h.ok('recharge:submit', { number: '9812340000', operator: 'VI', amount: 110 });
      // A failed credit sale: its reversal is written by a trigger, not by a write path.
      const lastFailed = await h.ok('recharge:submit', {
        number: '9823450000',
        operator: 'VI',
        amount: 120,
        payment: { method: 'credit' },
      });
      await h.ok('sale:settle', { refId: failed.txn.refId, choice: 'given_back' });
      const numbers = ['9876545555', '9823450000', '9812345555'];
      const before = await moneyViews(h, numbers);
      expect(before.khata[0]!.due).toBe(17_900);
      expect(before.giveBack).toHaveLength(1);
      expect(before.upi).toHaveLength(1);

      const folder = join(usb, 'RechargeDesk backups', 'demo');
      const journal = join(folder, 'journal.ndjson');
      const text = () => (existsSync(journal) ? readFileSync(journal, 'utf8') : '');
      await until(() => text().includes(`"refId":"${lastFailed.txn.refId}","at"`));
      // The settle writes no transaction line: give its own line (if any) a moment to reach the drive.
      await until(() => text().includes('"given_back"'), 2000).catch(() => {});

      // The disk dies: a new PC restores the USB drive's newest snapshot and its journal.
      const other = await openHarness({ keepDir: tempDir('journal-money-newpc') });
      harnesses.push(other);
      const snapshot = join(
        folder,
        readdirSync(folder).find((f) => /^ledger-.*\.db$/.test(f))!,
      );
      await other.ok('backup:restore', { path: snapshot });
      expect(await moneyViews(other, numbers)).toEqual(before);

      // Someone with the USB drive appends lines: a payment with a negative id, a sale whose parts
      // do not make its recharge, a kind no version wrote, and a payment written twice.
      const lines = text()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { kind?: string; entry?: Record<string, unknown>; sale?: Record<string, unknown> });
      const payment = lines.find((e) => e.entry?.['kind'] === 'credit_payment')!;
      const sale = lines.find((e) => e.kind === 'sale' && e.sale?.['refId'] === onCredit.txn.refId)!;
      appendFileSync(
        journal,
        [
          { ...payment, entry: { ...payment.entry, id: -7, amount: 99_900 } },
          {
            kind: 'sale',
            sale: { ...sale.sale, id: 9_999, refId: failed.txn.refId, number: '9876540000', method: 'cash', cash: 1, upi: 0 },
          },
          { kind: 'payout', entry: { ...payment.entry, id: 9_998 } },
          payment,
        ]
          .map((l) => `${JSON.stringify(l)}\n`)
          .join(''),
      );
      // Restored again (the journal replayed onto the snapshot a second time): refused lines told, nothing doubled.
      await other.ok('backup:restore', { path: snapshot });
      expect(await moneyViews(other, numbers)).toEqual(before);
      const notice = (await other.ok('app:notices')).items.find((n) => n.outcome.code === 'journal_refused');
      if (notice?.outcome.code !== 'journal_refused') throw new Error('no journal_refused notice');
      expect(notice.outcome.params).toMatchObject({ lines: 3, reason: 'bad_values' });

      // Lines that break the money law (issue 35 item 9): ₹10 lakh paid on a ₹179 due, the successful
      // credit sale's credit taken off the due, the successful UPI sale's money given back.
      const at = { at: Date.now(), entryDate: payment.entry?.['entryDate'] };
      const forged = { ...payment.entry, ...at, refId: null, method: 'cash', corrects: null };
      appendFileSync(
        journal,
        [
          { kind: 'money', entry: { ...forged, id: 9_997, amount: 100_000_000 } },
          {
            kind: 'money',
            entry: { ...forged, id: 9_996, kind: 'credit_reversed', refId: onCredit.txn.refId, method: null, amount: 29_900 },
          },
          {
            kind: 'money',
            entry: { ...forged, id: 9_995, kind: 'given_back', refId: upiPaid.txn.refId, number: '9812345555', amount: 19_900 },
          },
        ]
          .map((l) => `${JSON.stringify(l)}\n`)
          .join(''),
      );
      await other.ok('backup:restore', { path: snapshot });
      expect(await moneyViews(other, numbers)).toEqual(before);
      const told = (await other.ok('app:notices')).items.flatMap((n) => (n.outcome.code === 'journal_refused' ? [n.outcome.params] : []));
      expect(told.map((p) => p.lines)).toContain(6);
    },
  );
});
