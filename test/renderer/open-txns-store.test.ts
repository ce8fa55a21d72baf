import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOpenTxnsStore } from '../../src/renderer/stores/open-txns-store';
import type { TxnView } from '../../src/shared/ipc/txn-schemas';
import { fakeDesk, txn } from './fake-desk';

const T0 = Date.parse('2026-11-22T06:00:00Z');
const open = (i: number, patch: Partial<TxnView> = {}) =>
  txn({ id: i, refId: `R${String(i).padStart(5, '0')}`, number: `98765${String(i).padStart(5, '0')}`, createdAt: T0 + i * 1000, ...patch });
const frame = () => new Promise((r) => setTimeout(r, 40));
const shown = () => useOpenTxnsStore.getState().open.map((t) => t.id);

afterEach(() => useOpenTxnsStore.setState({ open: [], checking: new Set(), loaded: false }));

describe('open transactions store at outage size', () => {
  it('loads the open list page by page, newest first, with a cursor: a screenful first, then smaller pages', async () => {
    const all = Array.from({ length: 1200 }, (_, i) => open(i)).reverse();
    const fake = fakeDesk({
      'txn:open': (request) => {
        const { before, limit = 500 } = request as { before?: { createdAt: number }; limit?: number };
        const from = before ? all.findIndex((t) => t.createdAt < before.createdAt) : 0;
        const items = all.slice(from, from + limit);
        const last = items.length === limit ? items.at(-1)! : null;
        return { ok: true, data: { items, next: last && { createdAt: last.createdAt, id: last.id } } };
      },
    });
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    await vi.waitFor(() => expect(useOpenTxnsStore.getState().loaded).toBe(true));
    const limits = fake.calls.filter((c) => c.channel === 'txn:open').map((c) => (c.request as { limit?: number }).limit);
    // 1,200 open: 100 for the screen, then 250 at a time (the last page short).
    expect(limits).toEqual([100, 250, 250, 250, 250, 250]);
    expect(shown()).toEqual(all.map((t) => t.id));
    off();
  });

  it('asks again for a page that failed, the first one too, until every page is in', async () => {
    const all = Array.from({ length: 400 }, (_, i) => open(i)).reverse();
    const failed = new Set<string>();
    const fake = fakeDesk({
      'txn:open': (request) => {
        const { before, limit = 500 } = request as { before?: { createdAt: number }; limit?: number };
        const page = before ? String(before.createdAt) : 'first';
        // Each page fails once, then answers.
        if (!failed.has(page)) {
          failed.add(page);
          return { ok: false, error: { code: 'internal', params: {} } };
        }
        const from = before ? all.findIndex((t) => t.createdAt < before.createdAt) : 0;
        const items = all.slice(from, from + limit);
        const last = items.length === limit ? items.at(-1)! : null;
        return { ok: true, data: { items, next: last && { createdAt: last.createdAt, id: last.id } } };
      },
    });
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    expect(useOpenTxnsStore.getState().loaded).toBe(false);
    await vi.waitFor(() => expect(useOpenTxnsStore.getState().loaded).toBe(true), { timeout: 10_000 });
    expect(shown()).toEqual(all.map((t) => t.id));
    expect(failed.size).toBe(3);
    off();
  });

  it('applies a burst of events in one update per frame, in order, without duplicates', async () => {
    const fake = fakeDesk();
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    await frame();
    let updates = 0;
    const unsubscribe = useOpenTxnsStore.subscribe(() => updates++);
    // Out of order, with repeats: the latest event per transaction wins.
    for (const i of [5, 1, 9, 3, 5, 7, 2]) fake.emit('txn:updated', { txn: open(i, { attempts: i }) });
    fake.emit('txn:updated', { txn: open(3, { status: 'Unknown' }) });
    await frame();
    expect(updates).toBe(1);
    expect(shown()).toEqual([9, 7, 5, 3, 2, 1]);
    expect(useOpenTxnsStore.getState().open.find((t) => t.id === 3)?.status).toBe('Unknown');
    // One becomes final, one is new and older than all: removed, inserted in place.
    fake.emit('txn:updated', { txn: open(7, { status: 'Success' }) });
    fake.emit('txn:updated', { txn: open(0) });
    await frame();
    expect(shown()).toEqual([9, 5, 3, 2, 1, 0]);
    unsubscribe();
    off();
  });

  it('lets an event overtake the first page: a transaction that became final is not shown', async () => {
    let answer: (v: unknown) => void = () => {};
    const fake = fakeDesk({
      'txn:open': () =>
        new Promise((resolve) => (answer = resolve)).then(() => ({ ok: true as const, data: { items: [open(2), open(1)], next: null } })),
    });
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    fake.emit('txn:updated', { txn: open(2, { status: 'Failure' }) });
    await frame();
    answer(null);
    await frame();
    expect(shown()).toEqual([1]);
    off();
  });
});
