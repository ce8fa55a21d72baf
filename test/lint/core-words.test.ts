import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const CORE = resolve(import.meta.dirname, '../../src/main/core');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/**
 * A sentence for people: a capital, three or more words, a full stop, inside quotes. Log lines
 * and error causes are written in lower case by the house style, so they do not match.
 */
const SENTENCE = /['`"][A-Z][a-z']+(?: [a-z'(),:;-]+){3,}[^'`"\n]*\.['`"]/g;

/** Sentences the core still words itself, by file: none now; the map stays so a debt can be named. */
const KNOWN: Record<string, number> = {};

describe('the core words nothing itself', () => {
  it('builds no English sentence outside the known, named places', () => {
    const found: Record<string, number> = {};
    for (const file of sources(CORE)) {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
        .join('\n');
      const n = [...code.matchAll(SENTENCE)].length;
      if (n > 0) found[relative(CORE, file).split('\\').join('/')] = n;
    }
    expect(found).toEqual(KNOWN);
  });

  it('formats no rupee amount for people, but on the printed receipt (whose labels come from the catalogue)', () => {
    // A lower-case note with an amount in it ("₹149.00 refunded …") is words all the same; the
    // ledger keeps codes and paise, and the screens word them.
    const formatting = sources(CORE)
      .filter((file) => /formatInr\(|₹\$\{/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(CORE, file).split('\\').join('/'));
    expect(formatting).toEqual(['receipts/receipt.ts']);
  });

  it('recognises a sentence when one is written', () => {
    expect(`throw new Error('The backup failed because the disk is full.')`.match(SENTENCE)).toHaveLength(1);
    expect(`log('backup failed: disk full')`.match(SENTENCE)).toBeNull();
  });
});
