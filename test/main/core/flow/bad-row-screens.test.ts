import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openHarness, type TestHarness } from './harness-client';
import { istDate } from '../../../../src/shared/ist-date';
import { tempDir } from '../../../support/temp-dir';

let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('one bad row in the ledger does not take a screen down (issue 27)', () => {
  it('History, Reports, the wallet statement and the day close answer, and History flags the row', { timeout: 60_000 }, async () => {
    const dataDir = tempDir('bad-row');
    h = await openHarness({ keepDir: dataDir });
    const good = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    await h.dispose();
    h = null;

    // A hand edit, an old bug or a tool wrote rows no screen expects.
    const now = Date.now();
    const today = istDate(now);
    const db = new Database(join(dataDir, 'demo', 'ledger.db'));
    const insert = db.prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at)
       VALUES (?, '9876541111', 'JIO', ?, ?, ?, ?, ?)`,
    );
    insert.run('HACK000000000001', 25_000, 'Hacked', today, now + 1, now + 1);
    insert.run('TEXT000000000001', '250 rupees', 'Success', today, now + 2, now + 2);
    db.close();

    h = await openHarness({ keepDir: dataDir });
    const history = await h.ok('txn:history', { limit: 50 });
    const byRef = new Map(history.items.map((t) => [t.refId, t]));
    expect(byRef.get(good.txn.refId)?.status).toBe('Success');
    expect(byRef.get(good.txn.refId)?.damaged).toBeUndefined();
    expect(byRef.get('HACK000000000001')?.damaged).toBe(true);
    expect(byRef.get('TEXT000000000001')?.damaged).toBe(true);

    const summary = await h.ok('report:summary', { from: today, to: today });
    // The good recharge is counted; the Hacked row is left out and said to be. (SQLite's own
    // arithmetic in the day-book triggers reads the text amount as its leading number.)
    expect(summary.totals.success.count).toBeGreaterThanOrEqual(1);
    expect(summary.unreadable).toBe(1);
    expect((await h.call('report:wallet', { from: today, to: today })).ok).toBe(true);
    expect((await h.call('dayclose:get', { date: today })).ok).toBe(true);
    expect((await h.call('txn:open', {})).ok).toBe(true);
    // The counter still sends.
    expect((await h.ok('recharge:submit', { number: '9876543333', operator: 'JIO', amount: 10 })).outcome).toBe('success');
  });
});
