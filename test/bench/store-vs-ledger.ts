import { join } from 'node:path';
import Conf from 'conf';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { round } from './stats';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

const record = (i: number) => ({
  refId: `REF${String(i).padStart(12, '0')}`,
  number: '9876543210',
  operator: 'JIO',
  amount: 19900,
  status: 'Submitting',
  rechargeDate: '2026-11-22',
  createdAt: 1_790_000_000_000 + i,
});

/**
 * electron_store_vs_ledger_100k: 100,000 transaction appends through electron-store's engine (conf)
 * and through the ledger. conf rewrites its whole JSON file on every set, so its time grows with
 * the square of the count: it is timed on growing runs until a budget, and 100k is extrapolated
 * from the fitted a·n² (said so in the result). The ledger does all 100,000 for real.
 */
export function storeVsLedger(total = 100_000, confBudgetMs = 20_000) {
  const dir = makeTempDir('bench-store');
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'txns', projectName: 'rechargedesk-bench' });
  let n = 0;
  const started = performance.now();
  const samples: [number, number][] = [];
  while (n < total && performance.now() - started < confBudgetMs) {
    const r = record(n);
    conf.set(`txns.${r.refId}`, r);
    n++;
    if (n % 250 === 0) samples.push([n, performance.now() - started]);
  }
  const confMs = performance.now() - started;
  // Least squares for t ≈ a·n² over the samples.
  const a = samples.reduce((s, [x, t]) => s + x * x * t, 0) / samples.reduce((s, [x]) => s + x ** 4, 0);
  const confTotalMs = n >= total ? confMs : a * total * total;

  const ledger = Ledger.open(join(dir, 'ledger.db'));
  const t = performance.now();
  for (let i = 0; i < total; i++) {
    const r = record(i);
    ledger.insertSubmitting({
      refId: r.refId,
      number: r.number,
      operator: r.operator,
      amount: r.amount,
      rechargeDate: r.rechargeDate,
      now: r.createdAt,
    });
  }
  const ledgerMs = performance.now() - t;
  ledger.close();
  removeTempDir(dir);
  return {
    conf_appends_measured: n,
    conf_ms_measured: round(confMs, 0),
    conf_ms_100k: round(confTotalMs, 0),
    conf_100k_extrapolated: n < total,
    ledger_ms_100k: round(ledgerMs, 0),
    electron_store_vs_ledger_100k: round(confTotalMs / ledgerMs, 1),
  };
}
