import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/core/ledger/migrations';

/**
 * Each released migration's text, by digest. A ledger upgraded years ago ran the text its version
 * shipped with; a fresh install runs today's. If an entry's text changed (an edit, or a helper it
 * was built from that follows the code), the two installs would hold different triggers and count
 * money differently. A new migration adds its line here when it is released.
 */
const SHIPPED = [
  '47b6353f57910781',
  '00943a7c2ee1a1e5',
  '188b01dc44b00105',
  '1016c527e8823999',
  '346b3eb4ce70d6f9',
  'a2ed67130f073af9',
  '632cd542190f5212',
  '695241bf36acbbbb',
  '8583bcb2b18de83a',
  'cc516a45f737708a',
  '44b67b8e27ed0835',
  'b79e5b26407ec47b',
  'a44eacf24784ecf6',
  'e330bf7756ae4ef6',
  '91ea17d7675b7249',
  '48ea079b12a1f60e',
  '4c4201790753ce45',
  'ef53eaea2a965bd4',
  'ae1fcb79c6f13ab0',
  '49c8437fd2ca49d7',
  '8d73c6189ac7ca5b',
  '39cbc007d44666fe',
  'f1133562d0b08c6e',
  'e3b0c44298fc1c14',
  '5b54b2cdc01e9476',
  'f68233250cf76e2e',
  '57ee247b0a5bf34e',
  '9c9a048c31ba6825',
  'eba8791c649f898e',
  // 30: released empty.
  'e3b0c44298fc1c14',
  '2d107df41428eb5c',
  '995ace33cdad89a6',
  '5f6cf70260e38ebe',
  'cb8014338fcf6d51',
];

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

describe('migrations are history', () => {
  it('every released migration keeps the text it shipped with, to the byte', () => {
    const changed = SHIPPED.flatMap((want, i) => (digest(MIGRATIONS[i] ?? '') === want ? [] : [i + 1]));
    expect(changed, 'these migrations changed after release: make a new entry instead').toEqual([]);
  });

  it('every migration is pinned here (a new one adds its digest when it is released)', () => {
    expect(MIGRATIONS.map(digest).slice(SHIPPED.length)).toEqual([]);
  });
});
