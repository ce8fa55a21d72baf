import { describe, expect, it } from 'vitest';
import { DEFAULT_POLLER, Poller } from '../../../../src/main/core/poller/poller';
import type { Ledger } from '../../../../src/main/core/ledger/ledger';
import type { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';

/** What better-sqlite3 throws when a statement reads a damaged page. */
const corrupt = () => Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });

describe('damage met by the poller’s timer (issue 27)', () => {
  it('is told to the session, never left as an unhandled rejection that would end the process', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const ledger = {
        nextDueAt: () => 0,
        dueChecks: () => {
          throw corrupt();
        },
      } as unknown as Ledger;
      const errors: unknown[] = [];
      const poller = new Poller({
        ledger,
        client: {} as ResellerClient,
        settings: () => DEFAULT_POLLER,
        onChange: () => {},
        onConnection: () => {},
        onError: (e) => errors.push(e),
      });
      poller.start();
      await new Promise((r) => setTimeout(r, 50));
      poller.stop();
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({ code: 'SQLITE_CORRUPT' });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
