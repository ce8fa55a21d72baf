import type Database from 'better-sqlite3';
import type { Ledger } from '../../src/main/core/ledger/ledger';

/**
 * The ledger's own connection, for tests and benches that seed rows, read what was written or
 * break a pragma on purpose. The app has no such way in: outside core/ledger, SQL goes through
 * the ledger's methods.
 */
export const ledgerDb = (ledger: Ledger): Database.Database => ledger['db'];
