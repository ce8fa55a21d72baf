import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TXN_STATUSES, isFinal } from '../../../src/shared/status';
import {
  MONEY_OF_STATUS,
  customerGotNothing,
  isChangedAnswer,
  moneyHeld,
  sqlStatusList,
  statusesMeaning,
} from '../../../src/shared/money-law/status-money';
import { OPEN_STATUSES } from '../../../src/main/core/ledger/open-statuses';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';

const SRC = join(__dirname, '../../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('one list of what each status means for the money (issue 35 item 7)', () => {
  it('every status has one meaning, and held is exactly the statuses that are not final', () => {
    for (const status of TXN_STATUSES) {
      const meaning = MONEY_OF_STATUS[status];
      expect(['went', 'held', 'nothing']).toContain(meaning);
      expect(moneyHeld(status)).toBe(!isFinal(status));
      expect(customerGotNothing(status)).toBe(meaning === 'nothing');
    }
    expect(statusesMeaning('went')).toEqual(['Success']);
  });

  it("the ledger's open list (its partial index's words) is the law's held, in any order", () => {
    expect([...OPEN_STATUSES].sort()).toEqual([...statusesMeaning('held')].sort());
  });

  it("the shipped triggers' failed list is the law's nothing, and the SQL list is made from the table", () => {
    expect(sqlStatusList('nothing')).toBe(`('Failure', 'Refunded', 'Error')`);
    // Migrations are history: their text stays, so they must already say what the table says.
    for (const list of MIGRATIONS.join('\n').matchAll(/status IN (\('Failure'[^)]*\))/g)) expect(list[1]).toBe(sqlStatusList('nothing'));
  });

  it('no second list of "the customer got nothing" is written anywhere in the source', () => {
    const law = join(SRC, 'shared/money-law/status-money.ts');
    const lists = sourceFiles(SRC)
      .filter((file) => file !== law && !file.endsWith('migrations.ts'))
      .filter((file) => /[[(]'Failure',\s*'Refunded',\s*'Error'[\])]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(lists).toEqual([]);
  });

  it('a changed answer is a Failure or a refusal later checked as Success, and nothing else', () => {
    for (const from of TXN_STATUSES)
      for (const to of TXN_STATUSES) expect(isChangedAnswer(from, to)).toBe((from === 'Failure' || from === 'Error') && to === 'Success');
  });
});
