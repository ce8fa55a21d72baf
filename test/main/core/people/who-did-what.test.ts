import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, untilStatus, type TestHarness } from '../flow/harness-client';

/**
 * Issue 38 item 1: every action that moves or records money is someone's. Named people sign in
 * with their own PIN and work the counter through the real core (harness, sandbox on loopback, a
 * real ledger); the owner's day list, the receipt and the close then say who did each thing, and
 * what the core did on its own (a status check, a failure's credit) is nobody's.
 */
let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const OWNER_PIN = '2468';
const RAVI_PIN = '1357';
const SITA_PIN = '8642';

type Person = { who: { id: number | null; name: string; role: string }; sales: { count: number; amount: number }; actions: Action[] };
type Action = { action: string; kind: string | null; amount: number | null; number: string | null; ref: string };

const sell = async (h: TestHarness, number: string, amount: number, method: 'cash' | 'upi' | 'credit') =>
  (await h.ok('recharge:submit', { number, operator: 'JIO', amount, payment: { method } })).txn as { refId: string; rechargeDate: string };

async function shopWithTwoPeople() {
  const harness = await openHarness();
  h = harness;
  await harness.ok('lock:setPin', { pin: OWNER_PIN });
  await harness.ok('settings:update', { upi: { vpa: 'shop@upi', payee: 'Shop' } });
  await harness.ok('lock:addPerson', { name: 'Ravi', pin: RAVI_PIN });
  const { people } = await harness.ok('lock:addPerson', { name: 'Sita', pin: SITA_PIN });
  const [ravi, sita] = people.map((p: { id: number }) => p.id);
  return { h: harness, ravi: ravi!, sita: sita! };
}

describe('who did what (issue 38)', () => {
  it('each money channel records the person signed in; the owner’s day list shows them by person, and staff cannot read it', async () => {
    const { h, ravi, sita } = await shopWithTwoPeople();
    await h.ok('lock:unlock', { pin: RAVI_PIN, person: ravi });

    // Ravi's turn: a cash sale, a UPI sale marked received, a credit sale paid in part and corrected,
    // a failed sale whose cash he gives back, a complaint, and the day's count.
    const cash = await sell(h, '9876515555', 239, 'cash');
    const upi = await sell(h, '9876525555', 199, 'upi');
    await untilStatus(h, upi.refId, 'Success');
    await h.ok('sale:markReceived', { refId: upi.refId });
    const credit = await sell(h, '9876535555', 149, 'credit');
    await untilStatus(h, credit.refId, 'Success');
    const paid = await h.ok('khata:pay', { number: '9876535555', rupees: 100, method: 'cash' });
    const paymentId = (paid.lines as { id: number | null; kind: string }[]).find((l) => l.kind === 'credit_payment')!.id;
    // Raising a payment needs the owner's word, typed in the same dialog: still Ravi's correction.
    await h.ok('khata:correct', { number: '9876535555', id: paymentId, refId: null, rupees: 120, ownerPin: OWNER_PIN });
    const failed = await sell(h, '9876542222', 299, 'cash');
    await untilStatus(h, failed.refId, 'Failure');
    await h.ok('sale:settle', { refId: failed.refId, choice: 'given_back' });
    await untilStatus(h, cash.refId, 'Success');
    await h.ok('complaint:create', { refId: cash.refId, reason: 'Customer says no talk time' });
    const day = cash.rechargeDate;

    // The shift changes: Sita sells one, then counts.
    await h.ok('lock:unlock', { pin: SITA_PIN, person: sita });
    const hers = await sell(h, '9876545555', 99, 'cash');
    await untilStatus(h, hers.refId, 'Success');
    await h.ok('dayclose:close', { date: day, counted: 0, upiCounted: 0 });

    // Staff never read the list of who did what.
    expect(await h.call('report:people', { day })).toMatchObject({ ok: false, error: { code: 'owner_only' } });

    await h.ok('lock:unlock', { pin: OWNER_PIN });
    const list = (await h.ok('report:people', { day })) as { people: Person[]; truncated: boolean };
    const byName = (name: string) => list.people.find((p) => p.who.name === name)!;
    expect(byName('Ravi').who).toEqual({ id: ravi, name: 'Ravi', role: 'staff' });
    // Four sales are Ravi's, each once (the failed one too: it was sold), one is Sita's.
    expect(byName('Ravi').sales).toEqual({ count: 4, amount: (239 + 199 + 149 + 299) * 100 });
    expect(byName('Sita').sales).toEqual({ count: 1, amount: 99 * 100 });
    const what = (p: Person) => p.actions.map((a) => (a.action === 'money' ? `${a.kind} ${a.amount}` : a.action));
    expect(what(byName('Ravi'))).toEqual([
      `upi_received ${199 * 100}`,
      `credit_payment ${100 * 100}`,
      // A correction is a move of the due: the payment raised by ₹20 takes ₹20 off it.
      `correction ${-20 * 100}`,
      `given_back ${299 * 100}`,
      'complaint',
    ]);
    expect(what(byName('Sita'))).toEqual(['close']);
    // The failure's credit, the status checks, the wallet reads: the core's own, nobody's.
    const everyone = list.people.flatMap((p) => p.actions);
    expect(everyone.some((a) => a.kind === 'credit_reversed')).toBe(false);
    // The owner's own changes are the owner's: the UPI ID and the two people added.
    const owner = list.people.find((p) => p.who.role === 'owner')!;
    expect(owner.actions.map((a) => a.ref)).toEqual(expect.arrayContaining(['settings:update upi', 'lock:addPerson', 'lock:setPin']));

    // The close names who counted.
    const closes = (await h.ok('dayclose:get', { date: day })).closes as { countedBy?: unknown }[];
    expect(closes.at(-1)!.countedBy).toEqual({ id: sita, name: 'Sita', role: 'staff' });
  });

  it('fixing a changed answer is the person’s who fixed it, through the same door as every other money action', async () => {
    const { h, ravi, sita } = await shopWithTwoPeople();
    await h.ok('lock:unlock', { pin: RAVI_PIN, person: ravi });
    // A failed cash sale Ravi hands back; the provider then carries it out after all.
    const failed = await sell(h, '9876572222', 239, 'cash');
    await untilStatus(h, failed.refId, 'Failure');
    await h.ok('sale:settle', { refId: failed.refId, choice: 'given_back' });
    const sandbox = h.demoSandbox()!;
    const sent = sandbox.admin.allTransactions().find((t) => t.refId === failed.refId)!;
    sandbox.admin.reverseFailure(sent.txnId);
    await h.ok('txn:check', { refId: failed.refId });
    await untilStatus(h, failed.refId, 'Success');
    // Sita is at the counter when the customer brings the money back: the fix is hers.
    await h.ok('lock:unlock', { pin: SITA_PIN, person: sita });
    await h.ok('sale:answerFix', { refId: failed.refId, choice: 'collected' });

    await h.ok('lock:unlock', { pin: OWNER_PIN });
    const list = (await h.ok('report:people', { day: failed.rechargeDate })) as { people: Person[] };
    const actionsOf = (name: string) => list.people.find((p) => p.who.name === name)?.actions ?? [];
    expect(actionsOf('Sita').filter((a) => a.action === 'fix')).toEqual([expect.objectContaining({ ref: failed.refId })]);
    expect(actionsOf('Ravi').some((a) => a.action === 'fix')).toBe(false);
    // The status check that found the change is the core's, nobody's.
    expect(list.people.flatMap((p) => p.actions).filter((a) => a.action === 'fix')).toHaveLength(1);
  });

  it('a receipt says who served: the named person, in both languages; none for the owner', async () => {
    const { h, ravi } = await shopWithTwoPeople();
    const owners = await sell(h, '9876555555', 239, 'cash');
    await h.ok('lock:unlock', { pin: RAVI_PIN, person: ravi });
    const his = await sell(h, '9876565555', 239, 'cash');
    await untilStatus(h, his.refId, 'Success');
    await untilStatus(h, owners.refId, 'Success');

    const en = await h.ok('receipt:get', { refId: his.refId, language: 'en' });
    expect(en.receipt.servedBy).toBe('Ravi');
    expect(decodeURIComponent(en.whatsappUrl)).toContain('Served by: Ravi');
    const hi = await h.ok('receipt:get', { refId: his.refId, language: 'hi' });
    expect(decodeURIComponent(hi.whatsappUrl)).toContain('सेवा दी: Ravi');
    // Renamed later: the receipt keeps the name he served under.
    await h.ok('lock:unlock', { pin: OWNER_PIN });
    await h.ok('lock:renamePerson', { person: ravi, name: 'Ravi Kumar' });
    expect((await h.ok('receipt:get', { refId: his.refId, language: 'en' })).receipt.servedBy).toBe('Ravi');

    const mine = await h.ok('receipt:get', { refId: owners.refId, language: 'en' });
    expect(mine.receipt.servedBy).toBeUndefined();
    expect(decodeURIComponent(mine.whatsappUrl)).not.toContain('Served by');
  });
});
