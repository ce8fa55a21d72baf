import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { SEND_AGAIN_CONFIRMATIONS } from '../../../../src/main/core/ipc/channel-roles';
import { settingsSchema } from '../../../../src/shared/settings-schema';

const PIN = '2468';
const FLAGS = ['confirmDuplicate', 'confirmOpen', 'confirmMobileOnDth'] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

/** Every combination of the submit flags: 2^3. */
const COMBOS: Flags[] = Array.from({ length: 1 << FLAGS.length }, (_, bits) => ({
  confirmDuplicate: (bits & 1) !== 0,
  confirmOpen: (bits & 2) !== 0,
  confirmMobileOnDth: (bits & 4) !== 0,
}));

const LIMIT = settingsSchema.parse({ version: 1, installPrefix: 'AB12' }).lock.duplicateOverrideRupees;

/**
 * What may happen to a second recharge of the same number and amount while the first is open:
 * refused with this code, or sent. Both warnings must be confirmed (one does not stand for the
 * other); above the owner's limit, confirming either needs the owner.
 */
function expected(role: 'owner' | 'staff', amount: number, f: Flags): string {
  const confirmsSendAgain = f.confirmDuplicate || f.confirmOpen;
  if (role === 'staff' && amount > LIMIT && confirmsSendAgain) return 'owner_only';
  if (!f.confirmOpen) return 'open_recharge';
  if (!f.confirmDuplicate) return 'duplicate_recent';
  return 'sent';
}

let h: TestHarness;
let next = 0;
// Distinct numbers ending 4444 (the sandbox keeps those Pending for ever), far apart from each other.
const numberFor = () => `98${100 + next++}14444`;

beforeAll(async () => {
  h = await openHarness({ ownerPin: PIN });
  const sandbox = h.demoSandbox()!;
  sandbox.admin.topUp(sandbox.credentials.username, 1_000_000);
  await h.ok('balance:refresh');
});
afterAll(async () => {
  await h.dispose();
});

const sentAtProvider = () => Object.values(h.demoSandbox()!.admin.submissions()).reduce((a, b) => a + b, 0);

describe('staff and the confirmations that let a recharge go out again', () => {
  it('names both warnings that send a second recharge, and not the DTH one', () => {
    expect([...SEND_AGAIN_CONFIRMATIONS].sort()).toEqual(['confirmDuplicate', 'confirmOpen']);
  });

  for (const role of ['staff', 'owner'] as const) {
    for (const amount of [LIMIT + 100, LIMIT - 100]) {
      it(`${role}, ₹${amount}: every combination of flags on a number whose same recharge is pending`, async () => {
        const seen: string[] = [];
        const want: string[] = [];
        for (const flags of COMBOS) {
          const number = numberFor();
          if ((await h.ok('lock:status')).role !== 'owner') await h.ok('lock:unlock', { pin: PIN });
          const first = await h.ok('recharge:submit', { number, operator: 'JIO', amount });
          expect(first.txn.status).toBe('Pending');
          if (role === 'staff') await h.ok('lock:lock');
          expect((await h.ok('lock:status')).role).toBe(role);

          const before = sentAtProvider();
          const r = await h.call('recharge:submit', { number, operator: 'JIO', amount, ...flags });
          const sent = sentAtProvider() - before;
          const got = r.ok ? 'sent' : r.error.code;
          // What the provider saw agrees with what the counter was told.
          expect(sent, JSON.stringify(flags)).toBe(got === 'sent' ? 1 : 0);
          seen.push(`${JSON.stringify(flags)} → ${got}`);
          want.push(`${JSON.stringify(flags)} → ${expected(role, amount, flags)}`);
        }
        expect(seen).toEqual(want);
      });
    }
  }
});
