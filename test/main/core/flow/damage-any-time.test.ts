import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openHarness, type TestHarness } from './harness-client';
import { checkpoint, leafPages, smashPage } from '../../../support/damage-sqlite';
import { seedLedger } from '../../../support/seed-ledger';
import { tempDir } from '../../../support/temp-dir';

let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const T0 = Date.parse('2026-11-20T06:00:00Z');

describe('damage met by any statement, not only the background check (issue 27)', () => {
  it('a damaged index page with open recharges at start: the core stays up, salvages, history answers', { timeout: 60_000 }, async () => {
    const dataDir = tempDir('damage-start');
    const file = join(dataDir, 'demo', 'ledger.db');
    seedLedger(file, 2000, T0);
    checkpoint(file);
    // No needs-check marker: the background check has not run yet, the start-up writes meet it first.
    for (const index of ['txns_open', 'txns_due']) {
      const pages = leafPages(file, index);
      smashPage(file, pages[Math.floor(pages.length / 2)]!);
    }
    h = await openHarness({ keepDir: dataDir });
    // Give the start-up re-check its time to meet the damage.
    await new Promise((r) => setTimeout(r, 3000));
    const history = await h.call('txn:history', { limit: 50 });
    expect(history.ok).toBe(true);
    const open = await h.call('txn:open', {});
    expect(open.ok).toBe(true);
    const codes = (await h.ok('app:notices')).items.map((n) => n.outcome.code);
    expect(codes.some((c) => c === 'ledger_salvaged' || c === 'ledger_reindexed')).toBe(true);
  });

  it(
    'damage met by a screen while the counter runs: the read fails once, the ledger is repaired, the screen answers',
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir('damage-running');
      const file = join(dataDir, 'demo', 'ledger.db');
      seedLedger(file, 2000, T0);
      checkpoint(file);
      h = await openHarness({ keepDir: dataDir });
      // The disk damages pages nobody has read since the start: the next read of them meets it.
      for (const index of ['txns_created', 'txns_number_rows']) {
        const pages = leafPages(file, index);
        for (const page of pages.slice(1, -1)) smashPage(file, page);
      }
      let met = false;
      for (let page = 0, before: { createdAt: number; id: number } | undefined; page < 60; page++) {
        const r = await h.call('txn:history', { limit: 500, ...(before ? { before } : {}) });
        if (!r.ok) {
          met = true;
          break;
        }
        const last = r.data.items.at(-1);
        if (!last) break;
        before = { createdAt: last.createdAt, id: last.id };
      }
      expect(met).toBe(true);
      // The repair runs in the background: the history answers again, and the shopkeeper is told.
      let answered = false;
      for (let i = 0; i < 50 && !answered; i++) {
        await new Promise((r) => setTimeout(r, 200));
        answered = (await h.call('txn:history', { limit: 500 })).ok;
      }
      expect(answered).toBe(true);
      const codes = (await h.ok('app:notices')).items.map((n) => n.outcome.code);
      expect(codes.some((c) => c === 'ledger_salvaged' || c === 'ledger_reindexed')).toBe(true);
      expect((await h.ok('recharge:submit', { number: '9876543333', operator: 'JIO', amount: 10 })).outcome).toBe('success');
    },
  );
});
