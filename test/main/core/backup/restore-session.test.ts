import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { restoreInto } from '../../../../src/main/core/backup/restore-session';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import type { ProviderSession } from '../../../../src/main/core/session/provider-session';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { tempDir } from '../../../support/temp-dir';

const T = Date.parse('2026-11-20T06:00:00Z');

function ledgerWith(file: string, refIds: string[]): Ledger {
  const ledger = Ledger.open(file, T);
  for (const refId of refIds)
    ledger.insertSubmitting({ refId, number: '9876543210', operator: 'JIO', amount: 1000, rechargeDate: '2026-11-20', now: T });
  return ledger;
}

/** A backup as the app writes one: a ledger with its manifest. */
function backupWith(file: string, refIds: string[]): string {
  ledgerWith(file, refIds).close();
  const db = new Database(file);
  db.exec('CREATE TABLE backup_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  db.prepare("INSERT INTO backup_meta VALUES ('manifest', ?)").run(JSON.stringify({ app: 'RechargeDesk', at: T, settings: {} }));
  db.pragma('journal_mode = DELETE');
  db.close();
  return file;
}

/** Just what a restore uses of a session, over a real ledger. */
const sessionOn = (ledger: Ledger) =>
  ({
    ledger,
    recharge: { busy: false },
    backups: { whenIdle: () => Promise.resolve() },
    reconciler: { begin: () => {} },
    close: () => Promise.resolve(ledger.close()),
  }) as unknown as ProviderSession;

describe('a restore that fails after the swap (issue 27)', () => {
  it('puts the previous ledger back in use at once, and keeps the restored file aside', async () => {
    const dir = tempDir('restore-swapback');
    const file = join(dir, 'demo', 'ledger.db');
    const backup = backupWith(join(dir, 'backup.db'), ['BACK000000000001']);
    const current = sessionOn(ledgerWith(file, ['LIVE000000000001', 'LIVE000000000002']));
    let opens = 0;
    // The first open after the swap fails (a disk error, a bug): the counter must not be left without its books.
    const open = () => {
      opens++;
      if (opens === 1) return Promise.reject(new Error('SQLITE_IOERR: disk I/O error'));
      return Promise.resolve(sessionOn(Ledger.open(file, T)));
    };
    const r = await restoreInto(Promise.resolve(current), backup, open, () => T);
    expect('error' in r && r.error).toBeInstanceOf(UserFacingError);
    expect('error' in r && r.error.code).toBe('restore_failed');
    expect(r.session.ledger.get('LIVE000000000002')?.refId).toBe('LIVE000000000002');
    expect(r.session.ledger.get('BACK000000000001')).toBeUndefined();
    expect(readdirSync(join(dir, 'demo')).some((f) => f.includes('.restore-failed-'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    await r.session.close();
  });
});
