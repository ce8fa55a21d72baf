import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresServer } from './postgres-server';

/** A real PostgreSQL started before a test file's tests and stopped after them; the getter throws outside them. */
export function postgresPerFile(): () => PostgresServer {
  let pg: PostgresServer | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  return () => {
    if (!pg) throw new Error('PostgreSQL is not started: use it inside a test');
    return pg;
  };
}
