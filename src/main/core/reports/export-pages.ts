import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TxnRecord } from '../txn/txn-record';

/**
 * A page of rows small enough that reading it and turning it into CSV or Excel rows holds the
 * counter's thread for a few milliseconds (a year is ~200,000 rows: one loop held it ~10 s).
 */
const PAGE_ROWS = 100;

export type ReadPage = (after: TxnRecord | null, limit: number) => TxnRecord[];

/**
 * The range's transactions page by page, oldest first, giving the event loop a turn before each
 * page: a recharge, a status answer or a click waits for one page at most, never for the export.
 */
export async function* exportPages(read: ReadPage, pageRows = PAGE_ROWS): AsyncGenerator<TxnRecord[]> {
  let last: TxnRecord | null = null;
  for (;;) {
    await nextTurn();
    const page = read(last, pageRows);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageRows) return;
    last = page.at(-1)!;
  }
}
