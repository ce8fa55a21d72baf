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

  it('no second list of a meaning (the customer got nothing, or the money held) is written anywhere in the source, in any order', () => {
    const law = join(SRC, 'shared/money-law/status-money.ts');
    // Shipped migrations are history; the open list is the partial index's words, held equal above.
    const allowed = new Set([law, join(SRC, 'main/core/ledger/migrations.ts'), join(SRC, 'main/core/ledger/open-statuses.ts')]);
    const meanings = (['nothing', 'held'] as const).map((m) => [...statusesMeaning(m)].sort().join(','));
    const word = `'(?:${TXN_STATUSES.join('|')})'`;
    // A bracketed or parenthesised list of quoted statuses, or a chain of status comparisons.
    const listed = new RegExp(`[[(]\\s*${word}(?:\\s*,\\s*${word})+\\s*[\\])]`, 'g');
    const chained = new RegExp(`status === ${word}(?:\\s*\\|\\|\\s*(?:\\w+\\.)?status === ${word})+`, 'g');
    const lists = sourceFiles(SRC)
      .filter((file) => !allowed.has(file))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return [...text.matchAll(listed), ...text.matchAll(chained)]
          .map((m) => [...new Set(m[0].match(/'\w+'/g)!.map((w) => w.slice(1, -1)))].sort().join(','))
          .filter((set) => meanings.includes(set))
          .map((set) => `${relative(SRC, file)}: ${set}`);
      });
    expect(lists).toEqual([]);
  });

  it('a changed answer is a Failure or a refusal later checked as Success, and nothing else', () => {
    for (const from of TXN_STATUSES)
      for (const to of TXN_STATUSES) expect(isChangedAnswer(from, to)).toBe((from === 'Failure' || from === 'Error') && to === 'Success');
  });
});
