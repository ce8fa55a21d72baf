import { stringify } from 'csv-stringify/sync';
import type { Language } from '../../../shared/language';
import { istDate, istTime } from '../../../shared/ist-date';
import { findOperator } from '../../../shared/operators';
import type { TxnRecord } from '../txn/txn-record';
import { rupeeText, safeText } from './export-cells';
import { EXPORT_WORDS } from '../../../shared/words/export-words';

/** Excel opens a CSV as UTF-8 (₹, Hindi) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/** The columns that hold amounts (numbers written by the app); every other cell is text and guarded. */
export const AMOUNT_CELLS: ReadonlySet<number> = new Set([5, 7]);

export function txnCells(t: TxnRecord, language: Language): string[] {
  const cells = [
    istDate(t.createdAt),
    istTime(t.createdAt),
    t.refId,
    t.number,
    findOperator(t.operator)?.name ?? t.operator,
    rupeeText(t.amount),
    EXPORT_WORDS[language].status[t.status],
    t.status === 'Success' && t.margin !== null ? rupeeText(t.margin) : '',
    t.txnId ?? '',
    t.optId ?? '',
    t.message,
  ];
  // Every text column: a ledger restored or moved from elsewhere is outside input too.
  return cells.map((cell, i) => (AMOUNT_CELLS.has(i) ? cell : safeText(cell)));
}

/**
 * Every field with a line break is quoted, a bare line feed too: csv-stringify quotes only what
 * matches the record delimiter (CR LF), so a message with a lone LF before '=' began a new record
 * whose first cell was a formula.
 */
const CSV_OPTIONS = { record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const;
const CHUNK_ROWS = 5000;

/**
 * The transactions as CSV text in chunks, so a year of a busy shop never sits in memory at once.
 * csv-stringify quotes commas, quotes and line breaks. Pages come with a turn of the event loop
 * between them (export-pages.ts).
 */
export async function* csvChunks(pages: AsyncIterable<TxnRecord[]>, language: Language): AsyncGenerator<{ text: string; rows: number }> {
  yield { text: BOM + stringify([EXPORT_WORDS[language].columns], CSV_OPTIONS), rows: 0 };
  let text = '';
  let rows = 0;
  for await (const page of pages) {
    text += stringify(
      page.map((t) => txnCells(t, language)),
      CSV_OPTIONS,
    );
    rows += page.length;
    if (rows >= CHUNK_ROWS) {
      yield { text, rows };
      text = '';
      rows = 0;
    }
  }
  if (rows) yield { text, rows };
}
