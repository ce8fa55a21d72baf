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
import { OPEN_STATUSES, OPEN_WHERE } from '../../../src/main/core/ledger/open-statuses';
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

  it("the ledger's open list is the law's held, and the open index's own words name the same statuses", () => {
    expect(OPEN_STATUSES).toEqual(statusesMeaning('held'));
    expect([...OPEN_WHERE.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort()).toEqual([...statusesMeaning('held')].sort());
  });

  it("the shipped triggers' failed list is the law's nothing, and the SQL list is made from the table", () => {
    expect(sqlStatusList('nothing')).toBe(`('Failure', 'Refunded', 'Error')`);
    // Migrations are history: their text stays, so they must already say what the table says.
    for (const list of MIGRATIONS.join('\n').matchAll(/status IN (\('Failure'[^)]*\))/g)) expect(list[1]).toBe(sqlStatusList('nothing'));
  });

  it('no second list of a meaning (the customer got nothing, the money held) is written anywhere in the source', () => {
    const law = join(SRC, 'shared/money-law/status-money.ts');
    const meaningOf = (words: readonly string[]) => {
      const set = [...words].sort().join();
      return (['nothing', 'held'] as const).find((m) => [...statusesMeaning(m)].sort().join() === set);
    };
    const lists = sourceFiles(SRC)
      .filter((file) => file !== law && !file.endsWith('migrations.ts'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        // A literal list in any order: ['Failure', 'Error', 'Refunded'], ('Error', ...), new Set([...]).
        const literal = [...text.matchAll(/[[(]\s*'\w+'(?:\s*,\s*'\w+')+\s*[\])]/g)].map((m) =>
          [...m[0].matchAll(/'(\w+)'/g)].map((w) => w[1]!),
        );
        // Or tests chained on one line: status === 'Failure' || status === 'Error' || ...
        const chained = text.split('\n').map((line) => [...line.matchAll(/===\s*'(\w+)'/g)].map((w) => w[1]!));
        return [...literal, ...chained].filter((words) => meaningOf(words)).map((words) => `${relative(SRC, file)}: ${words.join(', ')}`);
      });
    expect(lists).toEqual([]);
  });

  it('a changed answer is a Failure or a refusal later checked as Success, and nothing else', () => {
    for (const from of TXN_STATUSES)
      for (const to of TXN_STATUSES) expect(isChangedAnswer(from, to)).toBe((from === 'Failure' || from === 'Error') && to === 'Success');
  });
});
