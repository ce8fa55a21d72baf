import { afterEach, describe, expect, it } from 'vitest';
import { useHistoryStore } from '../../src/renderer/stores/history-store';
import type { TxnView } from '../../src/shared/ipc/txn-schemas';
import { fakeDesk, txn } from './fake-desk';

// A recharge sent while History is open must show up without a reload (issue 16's bug), and only
// where the ledger says it belongs under the filters.
const T0 = Date.parse('2026-11-23T06:00:00Z');
const row = (i: number, patch: Partial<TxnView> = {}) =>
  txn({ id: i, refId: `R${String(i).padStart(5, '0')}`, createdAt: T0 + i * 1000, updatedAt: T0 + i * 1000, ...patch });
const settle = () => new Promise((r) => setTimeout(r, 20));
const shown = () => useHistoryStore.getState().items.map((t) => `${t.refId}:${t.status}`);

afterEach(() => useHistoryStore.setState({ items: [], next: null, done: false, loading: false, error: null, selected: null }));

describe('history list and new recharges', () => {
  it('puts a recharge it had not loaded on top, keeping the rows already there, with its latest status', async () => {
    let ledger = [row(2, { status: 'Success' }), row(1, { status: 'Success' })];
    const fake = fakeDesk({ 'txn:history': () => ({ ok: true, data: { items: ledger, next: null } }) });
    await useHistoryStore.getState().reload(fake.desk);
    expect(shown()).toEqual(['R00002:Success', 'R00001:Success']);
    // The ledger still answers with the first status while the later event has already come.
    ledger = [row(3, { status: 'Submitting' }), ...ledger];
    useHistoryStore.getState().applyUpdate(fake.desk, row(3, { status: 'Submitting' }));
    useHistoryStore.getState().applyUpdate(fake.desk, row(3, { status: 'Success', updatedAt: T0 + 9000 }));
    await settle();
    expect(shown()).toEqual(['R00003:Success', 'R00002:Success', 'R00001:Success']);
  });

  it('leaves out a new recharge the filters do not match', async () => {
    const fake = fakeDesk({ 'txn:history': () => ({ ok: true, data: { items: [row(1, { status: 'Failure' })], next: null } }) });
    await useHistoryStore.getState().reload(fake.desk);
    useHistoryStore.getState().applyUpdate(fake.desk, row(2, { status: 'Success' }));
    await settle();
    expect(shown()).toEqual(['R00001:Failure']);
  });
});

describe('the details beside the list follow the search', () => {
  const detail = (t: TxnView) => ({ ok: true as const, data: { txn: t, events: [], complaints: [] } });

  it('closes the details of a recharge a new search no longer shows, and shows the one a search finds', async () => {
    const a = row(1, { number: '9876541111' });
    const b = row(2, { number: '9876542222' });
    let listed = [b, a];
    const fake = fakeDesk({
      'txn:history': () => ({ ok: true, data: { items: listed, next: null } }),
      'txn:get': (req) => detail((req as { refId: string }).refId === a.refId ? a : b),
    });
    const store = useHistoryStore.getState();
    await store.reload(fake.desk);
    await store.select(fake.desk, a.refId);
    expect(useHistoryStore.getState().selected?.txn.refId).toBe(a.refId);
    // A search that finds only the other customer: the details show that one, not the old one.
    listed = [b];
    store.setFilters(fake.desk, { search: '2222' });
    await settle();
    expect(useHistoryStore.getState().selected?.txn.refId).toBe(b.refId);
    // A search that finds nothing closes them.
    listed = [];
    store.setFilters(fake.desk, { search: '3333' });
    await settle();
    expect(useHistoryStore.getState().selected).toBeNull();
  });

  it('keeps the details open while the recharge is still in the list', async () => {
    const a = row(1);
    const fake = fakeDesk({
      'txn:history': () => ({ ok: true, data: { items: [a, row(2)], next: null } }),
      'txn:get': () => detail(a),
    });
    await useHistoryStore.getState().reload(fake.desk);
    await useHistoryStore.getState().select(fake.desk, a.refId);
    useHistoryStore.getState().setFilters(fake.desk, { search: '9876' });
    await settle();
    expect(useHistoryStore.getState().selected?.txn.refId).toBe(a.refId);
  });
});
