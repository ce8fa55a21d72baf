import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { Poller, DEFAULT_POLLER } from '../../../../src/main/core/poller/poller';
import { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';
import { istDate } from '../../../../src/shared/ist-date';

let dir = '';
let ledger: Ledger | undefined;
let poller: Poller | undefined;
afterEach(async () => {
  poller?.stop();
  await poller?.idle();
  ledger?.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 10, 25, 10);

function openAt(refId: string, nextCheckAt: number) {
  ledger!.insertSubmitting({ refId, number: '9000004444', operator: 'JIO', amount: 1000, rechargeDate: istDate(T0), now: T0 });
  ledger!.update(refId, { status: 'Pending', nextCheckAt }, 'reply', T0);
}

describe("the poller told of a new row's first check (dueAt)", () => {
  it('reads the ledger only when its timer is later than the new check, or not armed', () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-due-at-'));
    ledger = Ledger.open(join(dir, 'ledger.db'));
    let reads = 0;
    const nextDueAt = ledger.nextDueAt.bind(ledger);
    ledger.nextDueAt = () => (reads++, nextDueAt());
    poller = new Poller({
      ledger,
      client: new ResellerClient(() => null),
      now: () => T0,
      settings: () => DEFAULT_POLLER,
      onChange: () => {},
      onConnection: () => {},
    });
    poller.start();
    const afterStart = reads;
    // Nothing due: no timer, so a new row is planned for.
    openAt('D1', T0 + 60_000);
    poller.dueAt(T0 + 60_000);
    expect(reads).toBe(afterStart + 1);
    // Armed for a minute from now: a check an hour away is found when it fires.
    openAt('D2', T0 + 3_600_000);
    poller.dueAt(T0 + 3_600_000);
    expect(reads).toBe(afterStart + 1);
    // One sooner than the timer: planned again.
    openAt('D3', T0 + 1_000);
    poller.dueAt(T0 + 1_000);
    expect(reads).toBe(afterStart + 2);
    expect(nextDueAt()).toBe(T0 + 1_000);
  });
});
