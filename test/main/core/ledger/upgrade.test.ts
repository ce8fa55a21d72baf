import { beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { MIGRATIONS } from '../../../../src/main/core/ledger/migrations';
import { openDatabase } from '../../../../src/main/core/ledger/open-database';
import { MigrationFailedError } from '../../../../src/main/core/ledger/migration-backup';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

const FIXTURES = resolve(import.meta.dirname, '../../../fixtures');
/** Every shipped schema has its fixture; whatever versions exist, each is tested. */
const fixtures = readdirSync(FIXTURES)
  .map((f) => /^ledger-v(\d+)\.db$/.exec(f))
  .flatMap((m) => (m ? [{ file: m[0], version: Number(m[1]) }] : []))
  .sort((a, b) => a.version - b.version);

const nameRows = z.array(z.object({ name: z.string() }));
const rowsOf = z.array(z.record(z.string(), z.unknown()));

/** Every row of every table of a file, by table, in rowid order. */
function dump(path: string): Record<string, Record<string, unknown>[]> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = nameRows
      .parse(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all())
      .map((r) => r.name);
    return Object.fromEntries(
      tables.map((t) => {
        // A WITHOUT ROWID table (the day totals) has no rowid: its primary key orders it.
        const withoutRowid = db.prepare(`SELECT 1 FROM pragma_table_list WHERE name = ? AND wr = 1`).get(t) !== undefined;
        const sql = withoutRowid ? `SELECT * FROM "${t}" ORDER BY 1, 2, 3` : `SELECT rowid AS __rowid, * FROM "${t}" ORDER BY rowid`;
        return [t, rowsOf.parse(db.prepare(sql).all())];
      }),
    );
  } finally {
    db.close();
  }
}

let dir: string;
beforeEach(() => {
  dir = tempDir('upgrade');
});

describe('upgrades from every shipped schema', () => {
  it('has a fixture for every schema version up to the current one', () => {
    // A new migration ships with its fixture: `npx tsx test/fixtures/make-ledger-fixture.ts N`.
    expect(fixtures.map((f) => f.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  for (const fixture of fixtures) {
    it(`opens a v${fixture.version} ledger, migrates it and keeps every row`, () => {
      const file = join(dir, 'ledger.db');
      copyFileSync(join(FIXTURES, fixture.file), file);
      const before = dump(file);
      const ledger = Ledger.open(file, Date.parse('2026-11-22T06:00:00Z'));
      try {
        expect(ledgerDb(ledger).pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect(ledger.repair).toBeNull();
        // The app reads every transaction through its own parser, and the open ones are checked.
        expect(ledger.history({ limit: 1000 }).length).toBe(before['txns']!.length);
        expect(
          ledger
            .openTxns()
            .map((t) => t.status)
            .sort(),
        ).toEqual(['Pending', 'Unknown']);
      } finally {
        ledger.close();
      }
      const after = dump(file);
      for (const [table, rows] of Object.entries(before)) {
        // A later schema may add columns; every column the old file had keeps its value.
        expect(after[table]?.map((r) => Object.fromEntries(Object.keys(rows[0] ?? {}).map((k) => [k, r[k]])))).toEqual(rows);
      }
      // An upgrade is preceded by a verified copy of the old file.
      const backups = join(dir, 'backups');
      const copies = (existsSync(backups) ? readdirSync(backups) : []).filter((f) => f.startsWith(`before-upgrade-v${fixture.version}-`));
      expect(copies.length).toBe(fixture.version < MIGRATIONS.length ? 1 : 0);
    });
  }

  it('a migration that fails leaves the old file as it was and says so, with the copy it made', () => {
    const file = join(dir, 'ledger.db');
    copyFileSync(join(FIXTURES, 'ledger-v1.db'), file);
    const before = dump(file);
    const broken = [...MIGRATIONS, `ALTER TABLE txns ADD COLUMN fine INTEGER; CREATE TABLE oops (;`];
    let error: unknown;
    try {
      openDatabase(file, Date.parse('2026-11-22T06:00:00Z'), broken).db.close();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationFailedError);
    expect(error instanceof MigrationFailedError && error.outcome).toMatchObject({
      code: 'migration_failed',
      params: { from: 1, to: broken.length, copy: expect.stringMatching(/before-upgrade-v1-/) },
    });
    expect(error instanceof MigrationFailedError && outcomeText('en', error.outcome)).toMatch(
      new RegExp(`could not be upgraded from version 1 to ${broken.length}.*left exactly as it was.*before-upgrade-v1-`),
    );
    // Nothing of the failed step stayed: the schema version, the columns and every row are as before.
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
    expect(dump(file)).toEqual(before);
    expect(readdirSync(join(dir, 'backups')).some((f) => f.startsWith('before-upgrade-v1-'))).toBe(true);
  });
});
