import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { refusalOf } from '../../../support/refusal';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a mobile number on a DTH operator', () => {
  it('is sent only on the second word, whoever asks (the core checks, not only the screen), unless that operator knows it', async () => {
    const sandbox = await startSandbox({});
    cleanups.push(() => sandbox.close());
    const { session, close } = await openMoneySession({ baseUrl: sandbox.url });
    cleanups.push(close);
    const dth = { number: '9876545555', operator: 'DISHTV', amount: 300, confirmDuplicate: false };

    // Straight to the core, with no confirmation: refused, and nothing reaches the provider.
    expect(await refusalOf(() => session.recharge.submit(dth))).toEqual({ code: 'mobile_on_dth', params: { operator: 'DISHTV' } });
    expect(Object.keys(sandbox.admin.submissions())).toEqual([]);

    // The shopkeeper read the flag and sends anyway: it goes.
    const sent = await session.recharge.submit({ ...dth, confirmMobileOnDth: true });
    expect(sent.outcome).toBe('success');

    // Now Dish TV has had this number: the next one needs no second word.
    const again = await session.recharge.submit({ ...dth, amount: 350, confirmDuplicate: true });
    expect(again.outcome).toBe('success');

    // A real DTH ID and a mobile number on a mobile operator were never asked about.
    expect(
      (await session.recharge.submit({ number: '02123456789', operator: 'DISHTV', amount: 300, confirmDuplicate: false })).outcome,
    ).toBe('success');
    expect((await session.recharge.submit({ number: '9876515555', operator: 'JIO', amount: 99, confirmDuplicate: false })).outcome).toBe(
      'success',
    );
  });
});
