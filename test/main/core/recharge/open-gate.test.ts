import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { submitRequestSchema } from '../../../../src/shared/ipc/txn-schemas';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { formatTime } from '../../../../src/shared/format';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('the reconciliation gate holds', () => {
  it('an unresolved recharge to a number needs a second confirmation naming it; a failed check does not lift it', async () => {
    const sandbox = await startSandbox({ pendingMs: 60_000, faults: { resetAfter: 1 } });
    cleanups.push(() => sandbox.close());
    const { session, close } = await openMoneySession({ baseUrl: sandbox.url });
    cleanups.push(close);
    const first = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: false });
    expect(first.txn.status).toBe('Unknown');

    // The status check fails too (a proxy answers 502): the transaction stays open, the gate stays shut.
    sandbox.admin.setFaults({ resetAfter: 0, badGateway: 1 });
    expect((await session.poller.checkNow(first.txn.refId, 'manual'))?.status).toBe('Unknown');
    const refused = await session.recharge
      .submit({ number: '9876545555', operator: 'JIO', amount: 199, confirmDuplicate: false })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UserFacingError);
    const { outcome } = refused as UserFacingError;
    // It names the recharge it matched, not merely the newest for the number.
    expect(outcome).toEqual({
      code: 'open_recharge',
      params: { txn: { refId: first.txn.refId, amount: 14900, createdAt: first.txn.createdAt, status: 'Unknown' } },
    });
    expect(outcomeText('en', outcome)).toBe(
      `₹149.00 sent to this number at ${formatTime(first.txn.createdAt, 'en')} (ref ${first.txn.refId}) is still unconfirmed. Send another only if the customer wants a second recharge.`,
    );
    expect(outcomeText('hi', outcome)).toContain(first.txn.refId);
    expect(Object.keys(sandbox.admin.submissions())).toEqual([first.txn.refId]);

    // Another number is not held.
    sandbox.admin.setFaults({ badGateway: 0 });
    expect((await session.recharge.submit({ number: '9876540555', operator: 'JIO', amount: 10, confirmDuplicate: false })).outcome).toBe(
      'success',
    );
    // With the second confirmation it goes.
    const second = await session.recharge.submit({
      number: '9876545555',
      operator: 'JIO',
      amount: 199,
      confirmDuplicate: false,
      confirmOpen: true,
    });
    expect(second.outcome).toBe('success');
    // Once the first is resolved, the number is free without asking.
    expect((await session.poller.checkNow(first.txn.refId, 'manual'))?.status).toBe('Success');
    expect((await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 249, confirmDuplicate: false })).outcome).toBe(
      'success',
    );
  });

  it('the confirmation is a yes or no, nothing else', () => {
    const base = { number: '9876545555', operator: 'JIO', amount: 10 };
    expect(submitRequestSchema.parse(base).confirmOpen).toBe(false);
    expect(submitRequestSchema.safeParse({ ...base, confirmOpen: 'yes' }).success).toBe(false);
    expect(submitRequestSchema.safeParse({ ...base, confirmOpen: true }).success).toBe(true);
  });
});
