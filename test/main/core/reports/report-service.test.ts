import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import type { ExportTarget } from '../../../../src/main/core/reports/export-target';
import { istDate } from '../../../../src/shared/ist-date';
import type { TxnStatus } from '../../../../src/shared/status';
import type { Language } from '../../../../src/shared/language';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let ledger: Ledger;
let reports: ReportService;
let language: Language;
// 2026-11-22 12:00 IST; "today" for the service.
const NOW = Date.parse('2026-11-22T06:30:00Z');
const DAY = 86_400_000;

beforeEach(() => {
  dir = tempDir('reports');
  ledger = Ledger.open(join(dir, 'ledger.db'));
  language = 'en';
  reports = new ReportService({ ledger, now: () => NOW, language: () => language });
});
afterEach(() => {
  ledger.close();
});

let seq = 0;
function txn(
  at: number,
  status: TxnStatus,
  amount: number,
  o: { operator?: string; margin?: number; message?: string; number?: string } = {},
) {
  const refId = `R${++seq}`;
  ledger.insertSubmitting({
    refId,
    number: o.number ?? '9876543210',
    operator: o.operator ?? 'JIO',
    amount,
    rechargeDate: istDate(at),
    now: at,
  });
  if (status !== 'Submitting') {
    ledger.update(
      refId,
      { status, margin: o.margin ?? null, message: o.message, txnId: `T${seq}`, optId: `OP${seq}`, nextCheckAt: null },
      'reply',
      at + 1000,
    );
  }
  return refId;
}

const folderTarget = (folder: string): ExportTarget => ({ choose: async (name) => join(folder, name) });

describe('day book', () => {
  it('counts and sums by status, operator and day, with commission only from successes', () => {
    txn(NOW - 3600_000, 'Success', 19900, { margin: 498 });
    txn(NOW - 3500_000, 'Success', 29900, { operator: 'AT', margin: 747 });
    txn(NOW - 3400_000, 'Failure', 10000);
    txn(NOW - 3300_000, 'Error', 5000);
    txn(NOW - 3200_000, 'Refunded', 15000, { margin: 300 });
    txn(NOW - 3100_000, 'Pending', 23900);
    txn(NOW - DAY, 'Success', 10000, { margin: 250 });
    // Outside the range: last week, and an early-morning IST recharge that is still yesterday in UTC.
    txn(NOW - 8 * DAY, 'Success', 99900, { margin: 9999 });

    const today = reports.report({ from: '2026-11-22', to: '2026-11-22' });
    expect(today.totals).toEqual({
      count: 6,
      amount: 103700,
      success: { count: 2, amount: 49800 },
      margin: 1245,
      refunded: { count: 1, amount: 15000 },
      failed: { count: 2, amount: 15000 },
      open: { count: 1, amount: 23900 },
    });
    expect(today.byOperator.find((o) => o.operator === 'AT')).toEqual({
      operator: 'AT',
      count: 1,
      amount: 29900,
      successCount: 1,
      successAmount: 29900,
      margin: 747,
    });
    expect(today.byStatus.find((s) => s.status === 'Failure')).toEqual({ status: 'Failure', count: 1, amount: 10000 });

    const week = reports.report({ from: '2026-11-16', to: '2026-11-22' });
    expect(week.daily.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(week.daily.at(-2)).toEqual({ date: '2026-11-21', count: 1, successAmount: 10000, margin: 250 });
    expect(week.totals.margin).toBe(1495);
  });

  it('uses the India-time day: 00:30 IST belongs to that day, not the UTC one before', () => {
    txn(Date.parse('2026-11-21T19:00:00Z'), 'Success', 10000); // 00:30 IST on the 22nd
    expect(reports.report({ from: '2026-11-22', to: '2026-11-22' }).totals.count).toBe(1);
    expect(reports.report({ from: '2026-11-21', to: '2026-11-21' }).totals.count).toBe(0);
  });

  it('says "not known" for commission when no provider reported any', () => {
    txn(NOW - 1000, 'Success', 10000);
    expect(reports.report({ from: '2026-11-22', to: '2026-11-22' }).totals.margin).toBeNull();
  });

  it('refuses reversed, too long and future ranges with a clear message', () => {
    const code = (from: string, to: string) => {
      try {
        reports.report({ from, to });
        return 'ok';
      } catch (e) {
        return e instanceof UserFacingError ? e.code : 'other';
      }
    };
    expect(code('2026-11-22', '2026-11-01')).toBe('report_range_reversed');
    expect(code('2025-01-01', '2026-11-22')).toBe('report_range_too_long');
    expect(code('2026-11-23', '2026-11-30')).toBe('report_range_future');
    expect(code('2025-11-22', '2026-11-22')).toBe('ok');
  });
});

describe('wallet statement', () => {
  it('lists readings with their change and the recharges sent between them', () => {
    ledger.addBalanceSnapshot({ at: NOW - 2 * DAY, buyer: 500000, seller: null, lien: null, source: 'balance' });
    ledger.addBalanceSnapshot({ at: NOW - 7200_000, buyer: 480000, seller: null, lien: null, source: 'balance' });
    txn(NOW - 3600_000, 'Success', 19900);
    txn(NOW - 3500_000, 'Success', 29900);
    ledger.addBalanceSnapshot({ at: NOW - 3000_000, buyer: 430200, seller: null, lien: null, source: 'reply' });
    const s = reports.wallet({ from: '2026-11-22', to: '2026-11-22' });
    expect(s.opening).toEqual({ at: NOW - 2 * DAY, buyer: 500000 });
    expect(s.truncated).toBe(false);
    expect(s.readings).toEqual([
      { at: NOW - 7200_000, buyer: 480000, source: 'balance', change: -20000, sent: { count: 0, amount: 0 } },
      { at: NOW - 3000_000, buyer: 430200, source: 'reply', change: -49800, sent: { count: 2, amount: 49800 } },
    ]);
  });
});

describe('export', () => {
  it('writes CSV with a BOM, quoted where needed, in the chosen language', async () => {
    txn(NOW - 3600_000, 'Success', 19900, { margin: 498, message: 'Recharge done, "thanks"\nbye' });
    txn(NOW - 3500_000, 'Failure', 10000, { message: '=HYPERLINK("x")' });
    const r = await reports.export({ from: '2026-11-22', to: '2026-11-22' }, 'csv', folderTarget(dir));
    expect(r.rows).toBe(2);
    const bytes = readFileSync(r.path!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date,Time (IST),Reference,Number,Operator,Amount (₹),Status,Commission (₹),Txn ID,Operator ref,Message');
    expect(text).toContain(',199.00,Success,4.98,');
    expect(text).toContain('"Recharge done, ""thanks""\nbye"');
    // A provider message never becomes a formula in Excel.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);

    language = 'hi';
    const hi = await reports.export({ from: '2026-11-22', to: '2026-11-22' }, 'csv', folderTarget(join(dir)));
    expect(readFileSync(hi.path!, 'utf8')).toContain('तारीख़,समय (IST)');
    expect(readFileSync(hi.path!, 'utf8')).toContain('विफल');
  });

  it('writes an Excel workbook with a summary and the transactions as numbers', async () => {
    txn(NOW - 3600_000, 'Success', 19900, { margin: 498 });
    txn(NOW - 3500_000, 'Refunded', 10000);
    const r = await reports.export({ from: '2026-11-22', to: '2026-11-22' }, 'xlsx', folderTarget(dir));
    expect(r.rows).toBe(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(r.path!);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Transactions']);
    const sheet = book.getWorksheet('Transactions')!;
    expect(sheet.getRow(2).getCell(6).value).toBe(199);
    expect(sheet.getRow(2).getCell(8).value).toBe(4.98);
    expect(sheet.getRow(3).getCell(7).value).toBe('Refunded');
    const summary = book.getWorksheet('Summary')!;
    const values = summary.getSheetValues().flat();
    expect(values).toContain('Successful');
  });

  it('writes nothing when the save dialog is cancelled', async () => {
    txn(NOW - 3600_000, 'Success', 19900);
    const r = await reports.export({ from: '2026-11-22', to: '2026-11-22' }, 'csv', { choose: async () => null });
    expect(r).toEqual({ path: null, rows: 0 });
  });

  it('a folder that is gone: a clear message, and no file anywhere', async () => {
    txn(NOW - 3600_000, 'Success', 19900);
    const gone = join(dir, 'pendrive');
    mkdirSync(gone);
    rmSync(gone, { recursive: true });
    for (const format of ['csv', 'xlsx'] as const) {
      await expect(reports.export({ from: '2026-11-22', to: '2026-11-22' }, format, folderTarget(gone))).rejects.toMatchObject({
        code: 'export_folder_missing',
      });
    }
    expect(existsSync(gone)).toBe(false);
  });

  it('a full disk: a clear message, the old file untouched and no half file left', async () => {
    txn(NOW - 3600_000, 'Success', 19900);
    const out = join(dir, 'out');
    mkdirSync(out);
    const name = 'rechargedesk-2026-11-22-to-2026-11-22.csv';
    writeFileSync(join(out, name), 'yesterday’s export');
    // A real full disk cannot be made here without root; the write fails as the OS would.
    const full = new ReportService({
      ledger,
      now: () => NOW,
      language: () => 'en',
      io: {
        open: async (path) => {
          writeFileSync(path, 'partial');
          return {
            write: async () => {
              throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
            },
            sync: async () => {},
            close: async () => {},
          };
        },
      },
    });
    const refused = await full.export({ from: '2026-11-22', to: '2026-11-22' }, 'csv', folderTarget(out)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UserFacingError);
    const { outcome } = refused as UserFacingError;
    expect(outcome).toEqual({ code: 'export_disk_full', params: {} });
    expect(outcomeText('en', outcome)).toContain('disk is full');
    expect(readdirSync(out)).toEqual([name]);
    expect(readFileSync(join(out, name), 'utf8')).toBe('yesterday’s export');
  });
});
