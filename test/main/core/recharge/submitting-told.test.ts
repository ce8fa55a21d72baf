import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { BalanceService } from '../../../../src/main/core/balance/balance-service';
import { RechargeService } from '../../../../src/main/core/recharge/recharge-service';
import type { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';
import { readDocumentReply as parseReplyBody } from '../../../support/document-reply';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';

// The window and the log hear of the Submitting row while the request travels (not between the
// fsync and the send), but always before the reply's status, and a fault in telling loses nothing.

let dir = '';
let ledger: Ledger | undefined;
afterEach(() => {
  ledger?.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = '{"status":"Success","txn_id":"T1","opt_id":"OP1","balance":"4990.00","message":"Recharge successful"}';

function service(onChange: (txn: TxnRecord) => void, logged: string[], reply: () => Promise<unknown>) {
  dir = mkdtempSync(join(tmpdir(), 'rd-told-'));
  ledger = Ledger.open(join(dir, 'ledger.db'));
  const client = { recharge: reply, balance: async () => ({ kind: 'not_sent', detail: 'test' }) } as unknown as ResellerClient;
  let n = 0;
  return new RechargeService({
    ledger,
    client,
    balances: new BalanceService({ ledger, client, lowThreshold: () => 0, onUpdate: () => {}, onLow: () => {} }),
    newRefId: () => `TOLD${++n}`,
    now: Date.now,
    settings: () => ({ duplicateWindowMs: 180_000, firstCheckMs: 1000 }),
    isReconciling: () => false,
    scheduleChecks: () => {},
    onChange,
    log: (m) => logged.push(m),
  });
}

const answer = async () => ({ kind: 'answer', reply: parseReplyBody(body), raw: body });

describe('telling of the Submitting row', () => {
  it('comes after the send is started and before the reply is stored, even when the reply is at once', async () => {
    const order: string[] = [];
    const recharge = service(
      (t) => order.push(t.status),
      [],
      () => {
        // The row is on disk when the request is made; nobody has heard of it yet.
        order.push(`send (${ledger?.get('TOLD1')?.status})`);
        return answer();
      },
    );
    const r = await recharge.submit({ number: '9876543210', operator: 'JIO', amount: 10, confirmDuplicate: false });
    expect(r.outcome).toBe('success');
    expect(order).toEqual(['send (Submitting)', 'Submitting', 'Success']);
  });

  it('comes while the provider takes its time, not only with the answer', async () => {
    const order: string[] = [];
    const recharge = service(
      (t) => order.push(t.status),
      [],
      () => new Promise((done) => setTimeout(() => (order.push('answered'), done(answer())), 30)),
    );
    await recharge.submit({ number: '9876543210', operator: 'JIO', amount: 10, confirmDuplicate: false });
    expect(order).toEqual(['Submitting', 'answered', 'Success']);
  });

  it('a fault in telling does not lose the reply: it is stored, and the fault logged', async () => {
    const logged: string[] = [];
    const recharge = service(
      (t) => {
        if (t.status === 'Submitting') throw new Error('a window went away');
      },
      logged,
      answer,
    );
    const r = await recharge.submit({ number: '9876543210', operator: 'JIO', amount: 10, confirmDuplicate: false });
    expect(r.txn.status).toBe('Success');
    expect(ledger?.get(r.txn.refId)?.status).toBe('Success');
    expect(logged).toEqual([`recharge ${r.txn.refId}: its Submitting row could not be told`]);
  });
});
