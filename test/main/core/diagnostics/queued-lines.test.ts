import { describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { saveDiagnostics } from '../../../../src/main/core/diagnostics/diagnostics';
import { queuedLog } from '../../../../src/main/core/log/queued-log';
import { tempDir } from '../../../support/temp-dir';

describe('Save diagnostics and the queued log', () => {
  it('writes the lines still waiting in the queue before it reads the log (a recharge saved just before)', async () => {
    const dir = tempDir('diag-queue');
    const logFile = join(dir, 'shop.log');
    appendFileSync(logFile, 'earlier line\n');
    const logger = queuedLog({ error: () => {}, info: (line) => appendFileSync(logFile, `${line}\n`) });
    // Queued as an event's line is: written in the next check phase, which has not come yet.
    logger.later('txn:updated RD-LAST Success');
    const saved = await saveDiagnostics(
      { choosePath: async (name) => join(dir, name), logFiles: () => [logFile] },
      {
        name: 'RechargeDesk',
        version: '0.1.0',
        dataDir: dir,
        now: () => Date.UTC(2026, 10, 28, 6),
        status: () => ({}),
        settings: () => ({}),
        ledger: async () => ({ stats: () => ({ byStatus: [], first: null, last: null, events: 0, file: null }) }) as never,
        secrets: () => [],
        flushLog: () => logger.flush(),
      },
    );
    expect(readFileSync(saved.path!, 'utf8')).toContain('txn:updated RD-LAST Success');
  });
});
