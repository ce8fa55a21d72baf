import { stringify } from 'csv-stringify/sync';
import type { Language } from '../../../shared/language';
import { istDate, istTime } from '../../../shared/ist-date';
import { findOperator } from '../../../shared/operators';
import type { TxnRecord } from '../txn/txn-record';
import { rupeeText, safeText } from './export-cells';
import { EXPORT_WORDS } from '../../../shared/words/export-words';

/** Excel opens a CSV as UTF-8 (₹, Hindi) only when it starts with the byte order mark. */
const BOM = '\uFEFF';
const ROWS_PER_CHUNK = 5000;

export function txnCells(t: TxnRecord, language: Language): string[] {
  return [
    istDate(t.createdAt),
    istTime(t.createdAt),
    t.refId,
    t.number,
    findOperator(t.operator)?.name ?? t.operator,
    rupeeText(t.amount),
    EXPORT_WORDS[language].status[t.status],
    t.status === 'Success' && t.margin !== null ? rupeeText(t.margin) : '',
    safeText(t.txnId ?? ''),
    safeText(t.optId ?? ''),
    safeText(t.message),
  ];
}

/**
 * The transactions as CSV text in chunks, so a year of a busy shop never sits in memory at once.
 * csv-stringify quotes what needs quoting (commas, quotes, line breaks) and nothing else.
 */
export function* csvChunks(txns: Iterable<TxnRecord>, language: Language): Generator<{ text: string; rows: number }> {
  yield { text: BOM + stringify([EXPORT_WORDS[language].columns], { record_delimiter: '\r\n' }), rows: 0 };
  let batch: string[][] = [];
  for (const t of txns) {
    batch.push(txnCells(t, language));
    if (batch.length === ROWS_PER_CHUNK) {
      yield { text: stringify(batch, { record_delimiter: '\r\n' }), rows: batch.length };
      batch = [];
    }
  }
  if (batch.length) yield { text: stringify(batch, { record_delimiter: '\r\n' }), rows: batch.length };
}
