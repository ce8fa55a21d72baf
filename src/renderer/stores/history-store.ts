import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { RequestOf, ResponseOf } from '../../shared/ipc/contract';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import { istDate, istDayStart } from '../../shared/ist-date';
import type { TxnStatus } from '../../shared/status';
import { normalizeSearch } from './history-search';

export type DatePreset = 'all' | 'today' | 'yesterday' | 'week' | 'custom';
export type StatusFilter = 'all' | 'success' | 'open' | 'failed' | 'refunded' | 'refused' | 'attention';

export const STATUS_FILTERS: Record<StatusFilter, TxnStatus[] | undefined> = {
  all: undefined,
  success: ['Success'],
  open: ['Pending', 'Accepted', 'Unknown', 'Submitting'],
  failed: ['Failure'],
  refunded: ['Refunded'],
  refused: ['Error'],
  attention: ['NeedsAttention'],
};

export interface HistoryFilters {
  preset: DatePreset;
  from: string;
  to: string;
  status: StatusFilter;
  operator: string;
  search: string;
}

const DAY = 86_400_000;
const PAGE = 100;

/** The date preset as a created-time range in India time. */
export function dateRange(f: HistoryFilters, now = Date.now()): { from?: number; to?: number } {
  const today = istDayStart(istDate(now));
  switch (f.preset) {
    case 'today':
      return { from: today, to: today + DAY };
    case 'yesterday':
      return { from: today - DAY, to: today };
    case 'week':
      return { from: today - 6 * DAY, to: today + DAY };
    case 'custom':
      return { from: f.from ? istDayStart(f.from) : undefined, to: f.to ? istDayStart(f.to) + DAY : undefined };
    default:
      return {};
  }
}

type Detail = ResponseOf<'txn:get'>;

export interface HistoryState {
  filters: HistoryFilters;
  items: TxnView[];
  next: { createdAt: number; id: number } | null;
  loading: boolean;
  done: boolean;
  error: IpcError | null;
  selected: Detail | null;
  setFilters(desk: DeskApi, patch: Partial<HistoryFilters>): void;
  reload(desk: DeskApi): Promise<void>;
  loadMore(desk: DeskApi): Promise<void>;
  select(desk: DeskApi, refId: string | null): Promise<void>;
  applyUpdate(desk: DeskApi, txn: TxnView): void;
}

let generation = 0;
/** Updates for recharges the list had not loaded yet, newest of each, until the head is read again. */
const unseen = new Map<string, TxnView>();
const newer = (a: TxnView, b: TxnView | undefined) => (b && b.updatedAt > a.updatedAt ? b : a);

function request(f: HistoryFilters, before: HistoryState['next']): RequestOf<'txn:history'> {
  return {
    ...dateRange(f),
    statuses: STATUS_FILTERS[f.status],
    operator: f.operator || undefined,
    search: normalizeSearch(f.search) || undefined,
    before: before ?? undefined,
    limit: PAGE,
  };
}

/**
 * History from the local ledger, newest first, a page at a time as the list scrolls (keyset
 * paging, so a million rows cost the same as a hundred). Works with the provider unreachable.
 */
export const useHistoryStore = create<HistoryState>((set, get) => ({
  filters: { preset: 'all', from: '', to: '', status: 'all', operator: '', search: '' },
  items: [],
  next: null,
  loading: false,
  done: false,
  error: null,
  selected: null,
  setFilters(desk, patch) {
    set({ filters: { ...get().filters, ...patch } });
    void get().reload(desk);
  },
  async reload(desk) {
    const mine = ++generation;
    unseen.clear();
    set({ items: [], next: null, done: false, loading: true, error: null });
    const r = await desk.txn.history(request(get().filters, null));
    if (mine !== generation) return;
    if (!r.ok) return set({ loading: false, error: r.error });
    set({ items: r.data.items, next: r.data.next, done: r.data.next === null, loading: false });
    // The details follow the search: a recharge the new list no longer shows is not left open
    // beside it. A search that finds exactly one recharge shows that one instead.
    const open = get().selected;
    if (!open || r.data.items.some((t) => t.refId === open.txn.refId)) return;
    const only = r.data.items.length === 1 && get().filters.search.trim() ? r.data.items[0] : undefined;
    if (only) await get().select(desk, only.refId);
    else set({ selected: null });
  },
  async loadMore(desk) {
    const { loading, done, next, filters } = get();
    if (loading || done || !next) return;
    const mine = generation;
    set({ loading: true });
    const r = await desk.txn.history(request(filters, next));
    if (mine !== generation) return;
    if (r.ok) set({ items: [...get().items, ...r.data.items], next: r.data.next, done: r.data.next === null, loading: false });
    else set({ loading: false, error: r.error });
  },
  async select(desk, refId) {
    if (!refId) return set({ selected: null });
    const r = await desk.txn.get({ refId });
    if (r.ok) set({ selected: r.data });
  },
  applyUpdate(desk, txn) {
    const items = get().items;
    const old = items.find((t) => t.refId === txn.refId);
    if (old) {
      if (txn.updatedAt >= old.updatedAt) set({ items: items.map((t) => (t === old ? txn : t)) });
      return;
    }
    // A recharge sent while History is open (issue 16: it stayed away until a reload). Whether it
    // belongs under the filters is the ledger's answer, not a copy of its search here: read the
    // head of the list again and put what is new on top, keeping the pages already scrolled.
    unseen.set(txn.refId, newer(txn, unseen.get(txn.refId)));
    const mine = generation;
    void desk.txn.history(request(get().filters, null)).then((r) => {
      if (mine !== generation || !r.ok) return;
      const current = get().items;
      const known = new Set(current.map((t) => t.refId));
      const fresh = r.data.items.filter((t) => !known.has(t.refId)).map((t) => newer(t, unseen.get(t.refId)));
      for (const t of r.data.items) unseen.delete(t.refId);
      if (fresh.length === 0) return;
      if (current.length === 0) set({ items: fresh, next: r.data.next, done: r.data.next === null });
      else set({ items: [...fresh, ...current] });
    });
  },
}));
