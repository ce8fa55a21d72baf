import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import { isFinal } from '../../shared/status';
import { insertSorted, mergeNewestFirst, positionOf } from './newest-first';

export interface OpenTxnsState {
  /** Newest first. */
  open: TxnView[];
  /** Being sent right now (from any window): not in the tray, but a second send must see them. */
  submitting: TxnView[];
  checking: Set<string>;
  /** Every page of txn:open has come in: until then `open` is part of the list, not all of it. */
  loaded: boolean;
  connect(desk: DeskApi): () => void;
  checkNow(desk: DeskApi, refId: string): Promise<void>;
}

/** Runs `fn` before the next paint; outside a page (tests under Node) soon after. */
const nextFrame: (fn: () => void) => void =
  typeof requestAnimationFrame === 'function' ? (fn) => requestAnimationFrame(() => fn()) : (fn) => setTimeout(fn, 16);

/**
 * The first page of open transactions fills the tray's screen; the rest come in smaller pages, each
 * when the page is idle. One 500-row page was a 217 KB reply and ~50 ms of parsing and merging,
 * ten of them in a row as the counter became typeable: a first keystroke waited behind them.
 */
const FIRST_OPEN_PAGE = 100;
const LATER_OPEN_PAGE = 250;
const PAGE_RETRY_MS = 500;
const PAGE_RETRY_MAX_MS = 30_000;
const whenIdle = (): Promise<void> =>
  new Promise((resume) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resume(), { timeout: 1000 }) : setTimeout(resume, 0),
  );

/**
 * Transactions still open, live from txn:updated events. When one becomes final it leaves the tray;
 * what the shopkeeper must still do about it (money to give back after a late failure, a
 * refund) is main's notice, on the one NoticeBar until dismissed.
 *
 * Built for a provider outage with thousands open: the list is loaded in pages, events are
 * collected and applied once per animation frame (the latest per transaction wins), and each
 * frame changes only the rows it must (found by binary search), never re-sorting the list.
 */
export const useOpenTxnsStore = create<OpenTxnsState>((set, get) => ({
  open: [],
  submitting: [],
  checking: new Set(),
  loaded: false,
  connect(desk) {
    // Events may overtake the pages of txn:open: what an event said about a transaction wins.
    const seen = new Set<string>();
    const pending = new Map<string, TxnView>();
    let scheduled = false;
    let closed = false;

    const flush = () => {
      scheduled = false;
      if (closed || pending.size === 0) return;
      const batch = [...pending.values()];
      pending.clear();
      let open = get().open;
      let copied = false;
      const own = () => {
        if (!copied) open = open.slice();
        copied = true;
        return open;
      };
      const gone = new Set<string>();
      for (const txn of batch) {
        const at = positionOf(open, txn);
        const wasOpen = at >= 0;
        if (isFinal(txn.status)) {
          if (wasOpen) gone.add(txn.refId);
        } else if (wasOpen) {
          own()[at] = txn;
        } else if (txn.status !== 'Submitting') {
          // A recharge being sent is on the counter's own screen; the tray is for those left to check.
          insertSorted(own(), txn);
        }
      }
      if (gone.size > 0) open = open.filter((t) => !gone.has(t.refId));
      if (open !== get().open) set({ open });
    };

    const off = desk.on('txn:updated', ({ txn }) => {
      seen.add(txn.refId);
      // Kept at once, not per frame: a second send in the same frame must already see it.
      const submitting = get().submitting.filter((t) => t.refId !== txn.refId);
      if (txn.status === 'Submitting' && positionOf(get().open, txn) < 0) set({ submitting: [txn, ...submitting] });
      else if (submitting.length !== get().submitting.length) set({ submitting });
      pending.set(txn.refId, txn);
      if (!scheduled) {
        scheduled = true;
        nextFrame(flush);
      }
    });

    set({ loaded: false });
    void (async () => {
      let before: { createdAt: number; id: number } | undefined;
      let failures = 0;
      for (;;) {
        if (before) await whenIdle();
        if (closed) return;
        const r = await desk.txn.open(before ? { before, limit: LATER_OPEN_PAGE } : { limit: FIRST_OPEN_PAGE });
        if (closed) return;
        if (!r.ok) {
          // The same page again, later: one failed page left the count "counting" for the session.
          await new Promise((again) => setTimeout(again, Math.min(PAGE_RETRY_MS * 2 ** failures++, PAGE_RETRY_MAX_MS)));
          continue;
        }
        failures = 0;
        const page = r.data.items.filter((t) => !seen.has(t.refId));
        set({ open: mergeNewestFirst(get().open, page) });
        if (!r.data.next) break;
        before = r.data.next;
      }
      set({ loaded: true });
    })();

    return () => {
      closed = true;
      off();
    };
  },
  async checkNow(desk, refId) {
    set({ checking: new Set([...get().checking, refId]) });
    await desk.txn.check({ refId });
    const next = new Set(get().checking);
    next.delete(refId);
    set({ checking: next });
  },
}));
