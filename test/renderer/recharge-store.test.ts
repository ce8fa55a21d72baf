import { afterEach, describe, expect, it } from 'vitest';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';

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
