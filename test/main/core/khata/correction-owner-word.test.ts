import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { istDate } from '../../../../src/shared/ist-date';

const istToday = () => istDate(Date.now());

const PIN = '2468';
let h: TestHarness;
let next = 0;
// Numbers ending 5555, which the sandbox answers Success for: one customer per test.
const customer = () => `98${10 + next++}005555`;

beforeAll(async () => {
  h = await openHarness({ ownerPin: PIN });
  const sandbox = h.demoSandbox()!;
  sandbox.admin.topUp(sandbox.credentials.username, 1_000_000);
  await h.ok('balance:refresh');
});
afterAll(async () => {
  await h.dispose();
});

async function asOwner() {
  if ((await h.ok('lock:status')).role !== 'owner') await h.ok('lock:unlock', { pin: PIN });
}
async function asStaff() {
  await h.ok('lock:lock');
  expect((await h.ok('lock:status')).role).toBe('staff');
}

/** A customer owing ₹800 on a credit recharge; with `paid`, a cash payment of that many rupees too. */
async function owing(paid?: number) {
  await asOwner();
  const number = customer();
  const sale = await h.ok('recharge:submit', { number, operator: 'JIO', amount: 800, payment: { method: 'credit' } });
  expect(sale.outcome).toBe('success');
  const payment = paid ? (await h.ok('khata:pay', { number, rupees: paid, method: 'cash' })).lines[0]! : null;
  return { number, refId: sale.txn.refId, payment };
}

const dueOf = async (number: string) => (await h.ok('khata:get', { number })).due;

describe('staff correcting the khata need the owner’s word, given at that moment (issue 38)', () => {
  it('staff cannot wipe an ₹800 due through the channel; the due stays ₹800', async () => {
    const { number, refId } = await owing();
    await asStaff();
    const r = await h.call('khata:correct', { number, id: null, refId, rupees: 0 });
    expect(r.ok ? 'recorded' : r.error.code).toBe('khata_correction_needs_owner');
    expect(await dueOf(number)).toBe(80_000);
  });

  it('staff cannot turn an ₹800 cash payment into ₹5,000 (a ₹4,200 advance)', async () => {
    const { number, payment } = await owing(800);
    expect(await dueOf(number)).toBe(0);
    await asStaff();
    const r = await h.call('khata:correct', { number, id: payment!.id, refId: null, rupees: 5_000 });
    expect(r.ok ? 'recorded' : r.error.code).toBe('khata_correction_needs_owner');
    expect(await dueOf(number)).toBe(0);
  });

  it('a wrong owner PIN records nothing and counts towards the lockout; the right one records it and does not unlock', async () => {
    const { number, refId } = await owing();
    await asStaff();
    const wrong = await h.call('khata:correct', { number, id: null, refId, rupees: 0, ownerPin: '1111' });
    expect(wrong.ok ? 'recorded' : wrong.error.code).toBe('owner_pin_wrong');
    expect((await h.ok('lock:status')).failures).toBe(1);
    expect(await dueOf(number)).toBe(80_000);
    const right = await h.ok('khata:correct', { number, id: null, refId, rupees: 0, ownerPin: PIN });
    expect(right.due).toBe(0);
    // The owner's word was for this correction only: the counter is still staff's.
    expect((await h.ok('lock:status')).role).toBe('staff');
  });

  it('staff may still correct a line that raises the due (₹500 paid recorded as ₹50 paid is fixed the other way by the owner)', async () => {
    const { number, payment } = await owing(500);
    await asStaff();
    const r = await h.ok('khata:correct', { number, id: payment!.id, refId: null, rupees: 50 });
    expect(r.due).toBe(75_000);
  });

  it('the owner corrects without typing the PIN again', async () => {
    const { number, refId } = await owing();
    await asOwner();
    expect((await h.ok('khata:correct', { number, id: null, refId, rupees: 300 })).due).toBe(30_000);
  });

  it('every correction of a cash payment moves the close’s expected cash by exactly what it changes', async () => {
    const today = istToday();
    const cashExpected = async () => {
      await asOwner();
      return (await h.ok('dayclose:get', { date: today })).money!.cash;
    };
    const { number, payment } = await owing(500);
    const before = await cashExpected();
    // ₹500 taken in cash was really ₹50: the drawer should hold ₹450 less.
    await h.ok('khata:correct', { number, id: payment!.id, refId: null, rupees: 50 });
    const lowered = await cashExpected();
    expect(lowered.expected - before.expected).toBe(-45_000);
    expect(lowered.payments - before.payments).toBe(-45_000);
    // Made larger again (the owner's word): the drawer should hold ₹700 more than that.
    await h.ok('khata:correct', { number, id: payment!.id, refId: null, rupees: 750 });
    expect((await cashExpected()).expected - lowered.expected).toBe(70_000);
  });

  it('staff cannot raise a due by more than the customer’s credit limit: no correction reaches ₹1 crore on staff’s word', async () => {
    const { number, payment } = await owing(800);
    await asStaff();
    // A payment of ₹800 "corrected" to nothing raises the due by ₹800: within the shop's ₹1,000 default.
    expect((await h.ok('khata:correct', { number, id: payment!.id, refId: null, rupees: 0 })).due).toBe(80_000);
    const { number: other, refId } = await owing();
    await asStaff();
    const r = await h.call('khata:correct', { number: other, id: null, refId, rupees: 1_00_00_000 });
    expect(r.ok ? 'recorded' : r.error.code).toBe('khata_correction_needs_owner');
    expect(await dueOf(other)).toBe(80_000);
  });
});
