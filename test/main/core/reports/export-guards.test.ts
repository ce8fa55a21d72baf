import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import type { ExportTarget } from '../../../../src/main/core/reports/export-target';
import { istDate } from '../../../../src/shared/ist-date';
import { seedLedger } from '../../../support/seed-ledger';
import { tempDir } from '../../../support/temp-dir';

const NOW = Date.parse('2026-11-22T06:30:00Z');
const DAY = 86_400_000;
const AMOUNT_COLUMNS = new Set([5, 7]);
const FORMULA_START = /^[=+\-@\t\r\n]/;

let dir: string;
let ledger: Ledger | null;
afterEach(() => ledger?.close());
beforeEach(() => {
  dir = tempDir('export-guards');
  ledger = null;
});
const folderTarget = (folder: string): ExportTarget => ({ choose: async (name) => join(folder, name) });

/** CSV as a spreadsheet reads it: a line break outside quotes (CR LF, CR or a bare LF) ends a record. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endField();
      records.push(record);
      record = [];
    } else field += c;
  }
  if (field !== '' || record.length) {
    endField();
    records.push(record);
  }
  return records;
}

describe('exports are guarded', () => {
  it('every text column of the CSV is kept from being a formula, and every line break is quoted', async () => {
    ledger = Ledger.open(join(dir, 'ledger.db'));
    const at = NOW - 3600_000;
    const hostile = [
      { number: '=1+2', operator: '@SUM(A1)', message: 'ok\n=HYPERLINK("http://x","y")', txnId: '-2+3', optId: '+cmd' },
      { number: '9876543210', operator: 'JIO', message: 'line\r\n@x', txnId: '\t=1', optId: '\r=2' },
      { number: '9876543211', operator: 'JIO', message: 'bare\r=3', txnId: 'T3', optId: 'O3' },
    ];
    hostile.forEach((h, i) => {
      const refId = `X${i}`;
      ledger!.insertSubmitting({ refId, number: h.number, operator: h.operator, amount: 1000, rechargeDate: istDate(at), now: at + i });
      ledger!.update(refId, { status: 'Failure', message: h.message, txnId: h.txnId, optId: h.optId, nextCheckAt: null }, 'reply', at + 10);
    });
    const reports = new ReportService({ ledger, now: () => NOW, language: () => 'en' });
    const r = await reports.export({ from: istDate(at), to: istDate(at) }, 'csv', folderTarget(dir));
    const records = readCsv(readFileSync(r.path!, 'utf8').slice(1));
    // The header and one record per transaction: no line break started a record of its own.
    expect(records).toHaveLength(1 + hostile.length);
    for (const record of records) {
      expect(record).toHaveLength(11);
      record.forEach((cell, i) => {
        if (!AMOUNT_COLUMNS.has(i)) expect(cell, `column ${i}: ${JSON.stringify(cell)}`).not.toMatch(FORMULA_START);
      });
    }
    expect(records[1]![10]).toBe('ok\n=HYPERLINK("http://x","y")');
    expect(records[1]![3]).toBe("'=1+2");
  });

  it('a big Excel export leaves the counter its thread: the loop is never held for long, and the ledger takes writes meanwhile', async () => {
    const t0 = NOW - 25 * DAY;
    seedLedger(join(dir, 'ledger.db'), 30_000, t0);
    ledger = Ledger.open(join(dir, 'ledger.db'));
    const reports = new ReportService({ ledger, now: () => NOW, language: () => 'en' });
    for (const format of ['xlsx', 'csv'] as const) {
      // How long the loop was held between two ticks: the wall-clock gap, but no more than the CPU
      // this process used in it (on a shared machine a gap is mostly time the process was not run).
      let last = performance.now();
      let lastCpu = process.cpuUsage();
      let worst = 0;
      const probe = setInterval(() => {
        const t = performance.now();
        const cpu = process.cpuUsage(lastCpu);
        worst = Math.max(worst, Math.min(t - last, (cpu.user + cpu.system) / 1000));
        last = t;
        lastCpu = process.cpuUsage();
      }, 2);
      // A recharge written while the export runs: the export holds no statement open between pages.
      const wrote = new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          try {
            ledger!.insertSubmitting({
              refId: `DURING-${format}`,
              number: '9812300000',
              operator: 'JIO',
              amount: 1000,
              rechargeDate: istDate(NOW),
              now: NOW,
            });
            resolve();
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        }, 30),
      );
      const r = await reports.export({ from: istDate(t0), to: istDate(NOW) }, format, folderTarget(dir));
      clearInterval(probe);
      await wrote;
      expect(r.rows, format).toBeGreaterThanOrEqual(30_000);
      expect(worst, `${format}: the longest the event loop was held (ms)`).toBeLessThan(100);
    }
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, `rechargedesk-${istDate(t0)}-to-${istDate(NOW)}.xlsx`));
    expect(book.getWorksheet('Transactions')!.rowCount).toBeGreaterThanOrEqual(30_001);
  }, 120_000);
});
