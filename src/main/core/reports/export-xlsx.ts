import ExcelJS from 'exceljs';
import type { Language } from '../../../shared/language';
import { findOperator } from '../../../shared/operators';
import type { Report } from '../../../shared/report-schemas';
import type { TxnRecord } from '../txn/txn-record';
import { txnCells } from './export-csv';
import { safeText } from './export-cells';
import { EXPORT_WORDS } from '../../../shared/words/export-words';

const RUPEES = '₹#,##,##0.00';
const AMOUNT_COLUMNS = new Set([6, 8]);

/**
 * An Excel workbook: a summary sheet (totals, by operator, day by day) and every transaction.
 * Streamed to the file row by row, so a year's export does not sit in memory. Amounts are
 * numbers with a rupee format, so the shopkeeper can add them up in Excel.
 */
export async function writeXlsx(file: string, report: Report, pages: AsyncIterable<TxnRecord[]>, language: Language): Promise<number> {
  const l = EXPORT_WORDS[language];
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const rupees = (paise: number) => paise / 100;

  const summary = book.addWorksheet(l.summary);
  summary.columns = [{ width: 24 }, { width: 12 }, { width: 16 }, { width: 16 }];
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
    row.commit();
  };
  const money = (row: ExcelJS.Row, ...columns: number[]) => {
    for (const c of columns) row.getCell(c).numFmt = RUPEES;
    row.commit();
  };
  bold(summary.addRow([l.range, `${report.from} – ${report.to}`]));
  summary.addRow([]).commit();
  bold(summary.addRow([l.measure, l.count, l.amount]));
  const t = report.totals;
  for (const [label, v] of [
    [l.total, t],
    [l.success, t.success],
    [l.refunded, t.refunded],
    [l.failed, t.failed],
    [l.open, t.open],
  ] as const) {
    money(summary.addRow([label, v.count, rupees(v.amount)]), 3);
  }
  money(summary.addRow([l.margin, null, t.margin === null ? null : rupees(t.margin)]), 3);
  summary.addRow([]).commit();
  bold(summary.addRow([l.operator, l.count, l.success, l.margin]));
  for (const o of report.byOperator) {
    money(
      summary.addRow([safeText(findOperator(o.operator)?.name ?? o.operator), o.count, rupees(o.successAmount), rupees(o.margin)]),
      3,
      4,
    );
  }
  summary.addRow([]).commit();
  bold(summary.addRow([l.daily, l.count, l.success, l.margin]));
  for (const d of report.daily) money(summary.addRow([safeText(d.date), d.count, rupees(d.successAmount), rupees(d.margin)]), 3, 4);
  summary.commit();

  const sheet = book.addWorksheet(l.transactions, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [12, 10, 22, 14, 16, 12, 14, 14, 16, 16, 30].map((width) => ({ width }));
  bold(sheet.addRow([...l.columns]));
  let rows = 0;
  for await (const page of pages) {
    for (const txn of page) {
      const cells: (string | number)[] = txnCells(txn, language);
      // Amount and commission go in as numbers, the rest as the same text the CSV has.
      cells[5] = rupees(txn.amount);
      if (cells[7] !== '') cells[7] = rupees(txn.margin ?? 0);
      const row = sheet.addRow(cells);
      for (const c of AMOUNT_COLUMNS) row.getCell(c).numFmt = RUPEES;
      row.commit();
      rows++;
    }
  }
  sheet.commit();
  await book.commit();
  return rows;
}
