import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { buildHistoryQuery } from '../../../../src/main/core/ledger/history-sql';
import { historyRequestSchema } from '../../../../src/shared/ipc/txn-schemas';
import { CustomerService } from '../../../../src/main/core/customers/customer-service';
import { ledgerDb } from '../../../support/ledger-db';
import { fileTempDir } from '../../../support/temp-dir';

const dir = fileTempDir('plans');
let ledger: Ledger;
const T0 = Date.parse('2026-11-22T06:00:00Z');
const DAY = 86_400_000;

beforeAll(() => {
  ledger = Ledger.open(join(dir, 'ledger.db'));
  const rows: [string, string, string][] = [
    ['M1', '9876543210', 'JIO'],
    ['M2', '9876512345', 'AT'],
    ['M3', '9123443210', 'VI'],
    ['D1', '01234567890', 'DISHTV'],
    ['T1', '1234500000', 'TATASKY'],
  ];
  rows.forEach(([refId, number, operator], i) =>
    ledger.insertSubmitting({ refId, number, operator, amount: 19900, rechargeDate: '2026-11-22', now: T0 + i * 1000 }),
  );
  ledger.update('M2', { status: 'Success', nextCheckAt: null }, 'reply', T0);
  ledger.update('M3', { status: 'Pending', nextCheckAt: T0 + 5000 }, 'reply', T0);
  const book = new CustomerService({ ledger, now: () => T0 });
  book.save({ number: '9876543210', name: 'Ramesh Kumar', operator: null, circle: null });
  book.save({ number: '9123443210', name: 'Suresh Kumar', operator: null, circle: null });
  book.save({ number: '01234567890', name: 'रमेश शर्मा', operator: null, circle: null });
});
afterAll(() => {
  ledger.close();
});

const found = (search: string) => ledger.history(historyRequestSchema.parse({ search, limit: 100 })).map((t) => t.refId);

describe('history search reads a number the ways a shopkeeper types it', () => {
  it('finds the customer by the last four digits, and by the start of the number', () => {
    expect(found('3210')).toEqual(['M3', 'M1']);
    expect(found('43210')).toEqual(['M3', 'M1']);
    expect(found('98765')).toEqual(['M2', 'M1']);
  });

  it('finds a number typed grouped, with +91, or with a trunk 0', () => {
    expect(found('98765 43210')).toEqual(['M1']);
    expect(found('+91 98765 43210')).toEqual(['M1']);
    expect(found('+91-98765')).toEqual(['M2', 'M1']);
    expect(found('919876543210')).toEqual(['M1']);
    expect(found('09876543210')).toEqual(['M1']);
  });

  it('shows a found recharge exactly as it stands now, every field, after each change', () => {
    // A search reads its rows from the number-ordered index, not the table: it must follow every update.
    const rows = () => ledger.history(historyRequestSchema.parse({ search: '98765', limit: 100 }));
    // Which account and sale a row belongs to (issue 29) is not in that index: a list reads it as the first account's own sale.
    const listed = (refId: string) => {
      const { accountId: _a, saleId: _s, attemptNo: _n, ...rest } = ledger.get(refId)!;
      return rest;
    };
    expect(rows()).toEqual([listed('M2'), listed('M1')]);
    ledger.update(
      'M1',
      { status: 'Success', nextCheckAt: null, txnId: 'RT77', optId: 'OP77', margin: 497, balanceAfter: 480100, message: 'Done OP77' },
      'reply',
      T0 + 9000,
    );
    const [m2, m1] = rows();
    expect(m1).toEqual(listed('M1'));
    expect(m1).toMatchObject({ status: 'Success', txnId: 'RT77', optId: 'OP77', margin: 497, message: 'Done OP77', updatedAt: T0 + 9000 });
    expect(m2).toEqual(listed('M2'));
  });

  it("keeps a DTH ID's own leading 0, and finds nothing for a number nobody recharged", () => {
    expect(found('01234567890')).toEqual(['D1']);
    expect(found('5555')).toEqual([]);
    expect(found('+91 5555')).toEqual([]);
  });
});

// Each shape the History screen asks for, and what SQLite must do for it at a million rows: a
// SEARCH on the named index (or, for the newest page and the open filter, an ordered walk that
// stops at the page size). A full pass over the table, or over the time index under a filter,
// fails here long before anyone notices it in a shop.
const SHAPES: Record<string, { q: Record<string, unknown>; plan: RegExp }> = {
  newest: { q: {}, plan: /SCAN txns USING COVERING INDEX txns_created$/ },
  'next page': { q: { before: { createdAt: T0, id: 3 } }, plan: /SEARCH txns USING COVERING INDEX txns_created \(created_at<\?\)/ },
  'prefix 3': { q: { search: '987' }, plan: /SEARCH txns USING COVERING INDEX txns_number \(number>\? AND number<\?\)/ },
  'prefix 10': { q: { search: '9876543210' }, plan: /SEARCH txns USING COVERING INDEX txns_number \(number>\? AND number<\?\)/ },
  'last 4': { q: { search: '3210' }, plan: /SEARCH txns USING COVERING INDEX txns_last4 \(<expr>=\?\)/ },
  // The longer ending is checked on the number the index carries, not on each row.
  'last 5': { q: { search: '43210' }, plan: /SEARCH txns USING COVERING INDEX txns_last4 \(<expr>=\?\)/ },
  grouped: { q: { search: '98765 43210' }, plan: /SEARCH txns USING COVERING INDEX txns_number \(number>\? AND number<\?\)/ },
  '+91': { q: { search: '+91 98765 43210' }, plan: /SEARCH txns USING COVERING INDEX txns_number \(number>\? AND number<\?\)/ },
  'open only': { q: { statuses: ['Pending', 'Accepted', 'Unknown', 'Submitting'] }, plan: /SCAN txns USING COVERING INDEX txns_open$/ },
  'needs attention': { q: { statuses: ['NeedsAttention'] }, plan: /SCAN txns USING COVERING INDEX txns_open$/ },
  'open, one day': {
    q: { statuses: ['Pending'], from: T0, to: T0 + DAY },
    plan: /SEARCH txns USING COVERING INDEX txns_open \(created_at>\? AND created_at<\?\)/,
  },
  'one status': { q: { statuses: ['Success'] }, plan: /SEARCH txns USING COVERING INDEX txns_status \(status=\?\)/ },
  'one day': { q: { from: T0, to: T0 + DAY }, plan: /SEARCH txns USING COVERING INDEX txns_created \(created_at>\? AND created_at<\?\)/ },
  'one month': {
    q: { from: T0 - 30 * DAY, to: T0 },
    plan: /SEARCH txns USING COVERING INDEX txns_created \(created_at>\? AND created_at<\?\)/,
  },
  // The name's words on their own index, then each named number on the number index.
  name: {
    q: { search: 'ramesh' },
    plan: /SEARCH customer_name_words USING COVERING INDEX sqlite_autoindex_customer_name_words_1 \(word>\? AND word<\?\)/,
  },
  // Each word is a range of the words' index and the ranges are intersected: no seek per customer.
  'name, two words': { q: { search: 'ramesh ku' }, plan: /^MERGE \(INTERSECT\)$/ },
  'name, one day': {
    q: { search: 'kumar', from: T0, to: T0 + DAY },
    plan: /SEARCH txns USING COVERING INDEX txns_number \(number=\? AND created_at>\? AND created_at<\?\)/,
  },
  operator: { q: { operator: 'VI' }, plan: /SEARCH txns USING COVERING INDEX txns_operator \(operator=\?\)/ },
  'operator, one day': {
    q: { operator: 'VI', from: T0, to: T0 + DAY },
    plan: /SEARCH txns USING COVERING INDEX txns_operator \(operator=\? AND created_at>\? AND created_at<\?\)/,
  },
};

function plan(sql: string, params: Record<string, string | number>): string[] {
  const rows = ledgerDb(ledger).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params);
  return rows.map((r) => String((r as { detail: unknown }).detail));
}

describe('history search finds a customer by name (issue 15)', () => {
  it('by any word of the name, its start, or two words; a ref_id still finds its recharge', () => {
    expect(found('ramesh')).toEqual(['M1']);
    expect(found('Kumar')).toEqual(['M3', 'M1']);
    expect(found('sur ku')).toEqual(['M3']);
    expect(found('शर्मा')).toEqual(['D1']);
    expect(found('geeta')).toEqual([]);
    expect(found('M2')).toEqual(['M2']);
  });
});

describe('every history shape is served by an index (EXPLAIN QUERY PLAN)', () => {
  for (const [name, { q, plan: expected }] of Object.entries(SHAPES)) {
    it(name, () => {
      const parts = [buildHistoryQuery(historyRequestSchema.parse({ ...q, limit: 100 }))];
      const plans = parts.map((p) => plan(p.sql, p.params));
      // Printed so a reviewer sees the plans beside the shapes.
      console.info(`${name}:\n${plans.map((p) => `  ${p.join(' / ')}`).join('\n')}`);
      const search = 'search' in q;
      for (const lines of plans) {
        // The rows of a filtered page are looked up by id (rows near in time are near in the file);
        // a search's are read from the number-ordered copy of the listed columns, never the table,
        // so a customer's page costs a few index pages cold instead of a read per row.
        if (search) expect(lines.at(-1)).toBe('SEARCH txns USING COVERING INDEX txns_number_rows (number=? AND created_at=? AND id=?)');
        else expect(lines[0]).toBe('SEARCH txns USING INTEGER PRIMARY KEY (rowid=?)');
        // Never a pass over the table itself.
        expect(lines.filter((l) => /^SCAN txns$|^SCAN txns USING INDEX/.test(l))).toEqual([]);
        // Nor over the customer book or its words.
        expect(lines.filter((l) => /^SCAN customer/.test(l))).toEqual([]);
      }
      // The number search is the part a regression would slow down: the shape's own index must serve it.
      expect(
        plans.some((lines) => lines.some((l) => expected.test(l))),
        plans.flat().join('\n'),
      ).toBe(true);
      // An unfiltered walk in time order only where that order is what is asked for.
      const walks = plans.flat().filter((l) => l.startsWith('SCAN txns'));
      if (name !== 'newest' && name !== 'open only' && name !== 'needs attention') expect(walks).toEqual([]);
    });
  }
});
