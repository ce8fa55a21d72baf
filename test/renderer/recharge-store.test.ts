import { afterEach, describe, expect, it } from 'vitest';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';
import { fakeDesk } from './fake-desk';

const store = () => useRechargeStore.getState();

afterEach(() => store().reset());

describe('recharge store: the operator belongs to the number', () => {
  it('typing on keeps the operator; another number drops it', () => {
    store().setForm({ operator: 'TATASKY', category: 'dth' });
    store().setForm({ number: '1' });
    store().setForm({ number: '12' });
    expect(store().form.operator).toBe('TATASKY');
    store().setForm({ number: '1234567890' });
    expect(store().form.operator).toBe('TATASKY');
    store().setForm({ number: '1234567899' });
    expect(store().form.operator).toBeNull();
    store().setForm({ number: '3012345555', operator: 'ATDTH' });
    expect(store().form.operator).toBe('ATDTH');
    store().setForm({ number: '' });
    expect(store().form.operator).toBeNull();
  });

  it('the next customer starts on Mobile unless the digits can only begin a DTH ID', () => {
    store().setForm({ category: 'dth', number: '3012345555', operator: 'ATDTH', amount: '300' });
    store().reset();
    expect(store().form).toEqual({ category: 'mobile', number: '', operator: null, amount: '' });
    store().reset('9');
    expect(store().form).toMatchObject({ category: 'mobile', number: '9' });
    store().reset('3');
    expect(store().form).toMatchObject({ category: 'dth', number: '3' });
    store().reset('0');
    expect(store().form.category).toBe('mobile');
  });
});

describe('recharge store: how the customer pays', () => {
  async function sendWith(choose: () => void) {
    const { desk, calls } = fakeDesk({
      'recharge:submit': () => ({ ok: false, error: { code: 'in_flight', params: {} } }),
    });
    store().setForm({ number: '9876015555', operator: 'JIO', amount: '199' });
    store().confirm();
    choose();
    await store().send(desk);
    return calls.find((c) => c.channel === 'recharge:submit')!.request as Record<string, unknown>;
  }

  it('cash by default: the request is the one sent before payments were kept', async () => {
    const request = await sendWith(() => undefined);
    expect(request).not.toHaveProperty('payment');
  });

  it('UPI carries the reference its QR showed, and the next customer starts on cash again', async () => {
    let shown: string | null = null;
    const request = await sendWith(() => {
      store().setPayment({ method: 'upi' });
      shown = store().payment.saleRef;
    });
    expect(shown).toMatch(/^S[0-9A-Z]{11}$/);
    expect(request['payment']).toEqual({ method: 'upi', saleRef: shown });
    store().reset();
    expect(store().payment).toEqual({ method: 'cash', splitCash: '', saleRef: null });
  });

  it('a split sends its cash part; the rest is UPI', async () => {
    const request = await sendWith(() => store().setPayment({ method: 'split', splitCash: '100' }));
    expect(request['payment']).toMatchObject({ method: 'split', cashRupees: 100 });
  });

  it('is chosen on the confirmation only, never while the form is being typed', () => {
    store().setPayment({ method: 'upi' });
    expect(store().payment.method).toBe('cash');
  });
});
