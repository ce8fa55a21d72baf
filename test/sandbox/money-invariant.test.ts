import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SandboxEngine } from '../../src/sandbox/engine';
import { SandboxStore } from '../../src/sandbox/store';
import { sandboxOptionsSchema } from '../../src/sandbox/options';
import { Rejection } from '../../src/sandbox/errors';
import { booksBalance } from '../../src/sandbox/wallet';
import { startSandbox } from '../../src/sandbox';
import { api, recharge } from './client';
import { PLANS } from '../../src/sandbox/scenarios';

const EVERY_PLAN = Object.fromEntries(PLANS.map((p) => [p, 1]));

const SUFFIXES = ['5555', '0000', '1111', '2222', '3333', '4444', '6666', '1234', '9876'];

type Command =
  | { kind: 'recharge'; suffix: string; amount: number; ref: number; operator: 'JIO' | 'BSNL' | 'ATDTH' }
  | { kind: 'advance'; ms: number }
  | { kind: 'force'; pick: number; to: 'Success' | 'Failure' | 'Refunded' }
  | { kind: 'complain'; pick: number }
  | { kind: 'resolve'; pick: number; refund: boolean }
  | { kind: 'topup'; rupees: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('recharge' as const),
      suffix: fc.constantFrom(...SUFFIXES),
      amount: fc.integer({ min: 1, max: 6000 }),
      ref: fc.integer({ min: 0, max: 40 }),
      operator: fc.constantFrom('JIO' as const, 'BSNL' as const, 'ATDTH' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 20_000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('force' as const),
      pick: fc.nat(),
      to: fc.constantFrom('Success' as const, 'Failure' as const, 'Refunded' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complain' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resolve' as const), pick: fc.nat(), refund: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topup' as const), rupees: fc.integer({ min: 1, max: 5000 }) }) },
);

function numberFor(operator: string, suffix: string): string {
  return operator === 'ATDTH' ? `300000${suffix}` : `900000${suffix}`;
}

describe('sandbox money is never created or destroyed', () => {
  it('property: after every step of any request sequence the books balance and no balance goes negative', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 20_000 }), (commands, opening) => {
        let t = Date.parse('2026-11-22T10:00:00Z');
        // Non-test numbers play every plan, the changed answers of issue 35 included.
        const options = sandboxOptionsSchema.parse({ balance: opening, pendingMs: 5000, reversalMs: 8000, seed: 11, plans: EVERY_PLAN });
        const store = new SandboxStore(undefined);
        const engine = new SandboxEngine(store, options, () => t);
        const account = engine.ensureAccount({
          username: options.username,
          token: options.token,
          balance: opening,
          seller: 0,
          callbackUrl: null,
        });
        const auth = { username: options.username, api_token: options.token };
        const txnIds = () => store.allTxns().map((x) => x.txnId);
        try {
          for (const c of commands) {
            try {
              switch (c.kind) {
                case 'recharge':
                  engine.recharge({
                    ...auth,
                    number: numberFor(c.operator, c.suffix),
                    amount: String(c.amount),
                    operator: c.operator,
                    ref_id: `R${c.ref}`,
                  });
                  break;
                case 'advance':
                  t += c.ms;
                  engine.tick();
                  break;
                case 'force': {
                  const ids = txnIds();
                  if (ids.length) engine.forceStatus(ids[c.pick % ids.length]!, c.to);
                  break;
                }
                case 'complain': {
                  const ids = txnIds();
                  if (ids.length) engine.complain({ ...auth, txn_id: ids[c.pick % ids.length]!, reason: 'not received' });
                  break;
                }
                case 'resolve': {
                  const cs = store.listComplaints(account.id);
                  if (cs.length) engine.resolveComplaint(cs[c.pick % cs.length]!.complainId, c.refund);
                  break;
                }
                case 'topup':
                  engine.topUp(options.username, c.rupees * 100);
                  break;
              }
            } catch (e) {
              if (!(e instanceof Rejection)) throw e;
            }
            const a = store.accountById(account.id);
            expect(booksBalance(a)).toBe(true);
            expect(a.buyer).toBeGreaterThanOrEqual(0);
            // The lien is exactly the sum of what Pending transactions hold.
            const pending = store
              .allTxns()
              .filter((x) => x.status === 'Pending')
              .reduce((s, x) => s + x.amount, 0);
            expect(a.lien).toBe(pending);
            // What was spent is exactly the Success transactions; commission exactly their margins.
            const ok = store.allTxns().filter((x) => x.status === 'Success');
            expect(a.spent).toBe(ok.reduce((s, x) => s + x.amount, 0));
            expect(a.commission).toBe(ok.reduce((s, x) => s + x.margin, 0));
          }
        } finally {
          store.close();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('concurrent recharges over HTTP never overdraw the wallet or lose a paisa', async () => {
    const s = await startSandbox({ balance: 1000, pendingMs: 30 });
    try {
      const numbers = ['9000005555', '9000000000', '9000001111', '9000002222', '9000003333', '9000004444'];
      const replies = await Promise.all(
        Array.from({ length: 300 }, (_, i) => recharge(s, numbers[i % numbers.length]!, 10 + (i % 7) * 13, `C${i}`)),
      );
      const statuses = new Set(replies.map((r) => r.json['status']));
      expect(statuses.has('Error')).toBe(true); // the wallet ran dry part-way, as it should
      await new Promise((r) => setTimeout(r, 120));
      const view = s.admin.account(s.credentials.username);
      expect(view.booksBalance).toBe(true);
      expect(view.buyerBalance).toBeGreaterThanOrEqual(0);
      const bal = await api(s, 'balance', {});
      expect(bal.json['buyerBalance']).toBe((view.buyerBalance / 100).toFixed(2));
    } finally {
      await s.close();
    }
  });
});
