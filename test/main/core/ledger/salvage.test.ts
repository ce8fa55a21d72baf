import { beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { IntegrityMonitor, type IntegrityState } from '../../../../src/main/core/ledger/integrity-check';
import { checkpoint, leafPages, smashPage } from '../../../support/damage-sqlite';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';
import { OPEN_STATUSES as OPEN, seedLedger } from '../../../support/seed-ledger';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let file: string;
const T0 = Date.parse('2026-11-22T06:00:00Z');

beforeEach(() => {
  dir = tempDir('salvage');
  file = join(dir, 'ledger.db');
});

function makeLedger(): TxnRecord[] {
  const all = seedLedger(file, 3000, T0);
  checkpoint(file);
  return all;
}

/** Runs the real background check (a worker on its own connection) and returns its result. */
async function backgroundCheck(): Promise<IntegrityState> {
  const results: IntegrityState[] = [];
  const monitor = new IntegrityMonitor({ file, now: () => T0, onResult: (s) => results.push(s) });
  const state = await monitor.runIfDue(true);
  if (!state) throw new Error('the check did not run');
  expect(results).toEqual([state]);
  return state;
}

describe('a damaged ledger is salvaged, never answered with an empty one', () => {
  it('only an index damaged: the background check finds it, the next open rebuilds it, nothing is lost', async () => {
    const before = makeLedger();
    smashPage(file, leafPages(file, 'txns_number')[3]!);
    const check = await backgroundCheck();
    expect(check.ok).toBe(false);
    expect(existsSync(`${file}.needs-check`)).toBe(true);

    const ledger = Ledger.open(file, T0 + 1);
    try {
      expect(ledger.repair).toEqual({ kind: 'reindexed' });
      expect(ledger.history({ limit: 10_000 })).toEqual(before);
      // The rebuilt index answers again: the number search uses it.
      expect(ledger.lastForNumber('9876500003')?.refId).toBe('REF002003');
      expect(ledgerDb(ledger).pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      ledger.close();
    }
    expect(existsSync(`${file}.needs-check`)).toBe(false);
    expect(readdirSync(dir).some((f) => f.includes('damaged'))).toBe(false);
    expect((await backgroundCheck()).ok).toBe(true);
  });

  it('a table page damaged: every readable row is copied to a fresh ledger, the damaged file kept, open ones carried', async () => {
    const before = makeLedger();
    const pages = leafPages(file, 'txns');
    smashPage(file, pages[Math.floor(pages.length / 2)]!);
    expect((await backgroundCheck()).ok).toBe(false);

    const ledger = Ledger.open(file, T0 + 1);
    try {
      const repair = ledger.repair;
      if (repair?.kind !== 'salvaged') throw new Error(`expected a salvage, got ${repair?.kind}`);
      expect(existsSync(repair.movedAside)).toBe(true);
      expect(repair.movedAside).toMatch(/ledger\.db\.damaged-/);

      const after = ledger.history({ limit: 10_000 });
      const afterByRef = new Map(after.map((t) => [t.refId, t]));
      // One page of ~40 rows is lost; every other row is there, exactly as it was.
      expect(after.length).toBeGreaterThan(before.length - 100);
      expect(after.length).toBeLessThan(before.length);
      for (const t of after) expect(t).toEqual(before.find((b) => b.refId === t.refId));
      expect(repair.txns).toBe(after.length);

      // Every open transaction is either still in the ledger (and checked by the poller) or named.
      const openBefore = before.filter((t) => OPEN.has(t.status)).map((t) => t.refId);
      const carried = ledger.openTxns().map((t) => t.refId);
      expect(repair.open).toBe(carried.length);
      expect([...carried, ...repair.lostOpenRefs].sort()).toEqual(openBefore.sort());
      for (const ref of repair.lostOpenRefs) expect(afterByRef.has(ref)).toBe(false);
      // The event log was not damaged: every event is still there.
      expect(ledger.events('REF000007').map((e) => e.toStatus)).toEqual(['Submitting', 'Pending']);
      expect(ledgerDb(ledger).pragma('quick_check', { simple: true })).toBe('ok');
      // The day book adds up the salvaged rows once each (its totals are rebuilt, not copied).
      const sums = (sql: string) => ledgerDb(ledger).prepare(sql).all();
      expect(
        sums(
          'SELECT recharge_date, status, operator, sum(count) AS n, sum(amount) AS a FROM txn_day_totals WHERE count > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
        ),
      ).toEqual(
        sums('SELECT recharge_date, status, operator, count(*) AS n, sum(amount) AS a FROM txns GROUP BY 1, 2, 3 ORDER BY 1, 2, 3'),
      );
    } finally {
      ledger.close();
    }
  });

  it('an open transaction on the lost page is named, so the shopkeeper can check it by hand', async () => {
    const before = makeLedger();
    const pages = leafPages(file, 'txns');
    // Damage every table page that holds an open row in the first part: some must be lost.
    smashPage(file, pages[1]!);
    smashPage(file, pages[2]!);
    const ledger = Ledger.open(file, T0 + 1);
    ledger.close();
    // Without a failed check nothing forces a repair: the flag does.
    expect(ledger.repair).toBeNull();
    expect((await backgroundCheck()).ok).toBe(false);
    const reopened = Ledger.open(file, T0 + 2);
    try {
      const repair = reopened.repair;
      if (repair?.kind !== 'salvaged') throw new Error(`expected a salvage, got ${repair?.kind}`);
      expect(repair.lostOpenRefs.length).toBeGreaterThan(0);
      const lostRows = before.filter((t) => !reopened.get(t.refId));
      expect(repair.lostOpenRefs).toEqual(
        lostRows
          .filter((t) => OPEN.has(t.status))
          .map((t) => t.refId)
          .sort(),
      );
    } finally {
      reopened.close();
    }
  });
});
