import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';

const harnesses: TestHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

const line = z.object({
  txn: z.looseObject({ refId: z.string(), status: z.string(), updatedAt: z.number() }),
  event: z.looseObject({ refId: z.string() }).nullable(),
});

describe('journal replay goes through the money rules (issue 27 item 2)', () => {
  it(
    'lines that turn a Failure into a Success with a margin, or add a −₹50,000 row, are refused, told and never applied',
    { timeout: 60_000 },
    async () => {
      const shop = tempDir('journal-shop');
      const usb = tempDir('journal-usb');
      const h = await openHarness({ keepDir: shop });
      harnesses.push(h);
      await h.ok('backup:setFolder', { path: usb });
      await until(async () => {
        const s = await h.ok('backup:status');
        return !s.running && s.folders.find((f) => f.kind === 'second')?.newest ? s : undefined;
      });
      // After the snapshot: only the journal has these.
      const ok = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
      const failed = await h.ok('recharge:submit', { number: '9876540000', operator: 'VI', amount: 100 });
      expect(failed.outcome).toBe('failure');
      const folder = join(usb, 'RechargeDesk backups', 'demo');
      const journal = join(folder, 'journal.ndjson');
      await until(async () => existsSync(journal) && readFileSync(journal, 'utf8').includes(`"status":"Failure"`));

      // Someone with the USB drive appends lines.
      const lines = readFileSync(journal, 'utf8')
        .trim()
        .split('\n')
        .map((l): unknown => JSON.parse(l))
        // The sales and money entries have lines of their own (journal-money.test.ts).
        .flatMap((l) => (typeof l === 'object' && l !== null && 'txn' in l ? [line.parse(l)] : []));
      const last = lines.filter((l) => l.txn.refId === failed.txn.refId).at(-1)!;
      const at = last.txn.updatedAt + 1000;
      const forged = [
        {
          txn: { ...last.txn, status: 'Success', margin: 300, updatedAt: at },
          event: { ...last.event, refId: failed.txn.refId, at, fromStatus: 'Failure', toStatus: 'Success' },
        },
        {
          txn: { ...last.txn, refId: `${failed.txn.refId.slice(0, 4)}ZZZZZZZZZZZZ`, amount: -5_000_000, status: 'Success', updatedAt: at },
          event: { ...last.event, refId: `${failed.txn.refId.slice(0, 4)}ZZZZZZZZZZZZ`, at, fromStatus: null, toStatus: 'Success' },
        },
      ];
      appendFileSync(journal, forged.map((f) => `${JSON.stringify(f)}\n`).join(''));

      const other = await openHarness({ keepDir: tempDir('journal-newpc') });
      harnesses.push(other);
      const snapshot = readdirSync(folder).find((f) => /^ledger-.*\.db$/.test(f))!;
      const restored = await other.ok('backup:restore', { path: join(folder, snapshot) });
      // The honest lines came back.
      expect((await other.ok('txn:get', { refId: ok.txn.refId })).txn.status).toBe('Success');
      const stillFailed = await other.ok('txn:get', { refId: failed.txn.refId });
      expect(stillFailed.txn.status).toBe('Failure');
      expect(stillFailed.txn.margin ?? 0).toBe(0);
      expect(stillFailed.events.map((e) => e.toStatus)).not.toContain('Success');
      const all = (await other.ok('txn:history', {})).items;
      expect(all.every((t) => t.amount > 0)).toBe(true);
      expect(all.map((t) => t.refId)).not.toContain(`${failed.txn.refId.slice(0, 4)}ZZZZZZZZZZZZ`);
      expect(restored.journaled).toBeGreaterThanOrEqual(2);

      const notice = (await other.ok('app:notices')).items.find((n) => n.outcome.code === 'journal_refused');
      if (notice?.outcome.code !== 'journal_refused') throw new Error('no journal_refused notice');
      expect(notice.level).toBe('warning');
      expect(notice.outcome.params).toMatchObject({ lines: 2, refId: failed.txn.refId, reason: 'status_move' });
      expect(outcomeText('en', notice.outcome)).toContain('2 lines of the backup journal were not put back');
      expect(outcomeText('hi', notice.outcome)).toContain(failed.txn.refId);
    },
  );
});
