import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { TxnView } from '../../shared/ipc/txn-schemas';

export type Notice = { id: number; kind: 'lowBalance'; buyer: number; threshold: number } | { id: number; kind: 'refund'; txn: TxnView };

type NewNotice = Notice extends infer N ? (N extends Notice ? Omit<N, 'id'> : never) : never;

export interface NoticesState {
  notices: Notice[];
  connect(desk: DeskApi): () => void;
  add(notice: NewNotice): void;
  dismiss(id: number): void;
}

let nextId = 0;
// A refund is announced once per transaction, even if later events repeat its status.
const announcedRefunds = new Set<string>();

/**
 * What the counter must not miss about money: a low wallet, money that came back after a success.
 * Each stays until dismissed; a newer one of the same kind replaces the older. The app's own
 * notices (a repaired history, a failed backup) are main's state, shown by the NoticeBar.
 */
export const useNoticesStore = create<NoticesState>((set, get) => ({
  notices: [],
  add(notice) {
    const same = (n: Notice) =>
      n.kind === notice.kind &&
      (notice.kind === 'lowBalance' || (notice.kind === 'refund' && n.kind === 'refund' && n.txn.refId === notice.txn.refId));
    set({ notices: [...get().notices.filter((n) => !same(n)), { ...notice, id: ++nextId }] });
  },
  dismiss(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
  connect(desk) {
    const offs = [
      desk.on('balance:low', ({ buyer, threshold }) => get().add({ kind: 'lowBalance', buyer, threshold })),
      desk.on('txn:updated', ({ txn }) => {
        if (txn.status !== 'Refunded' || announcedRefunds.has(txn.refId)) return;
        announcedRefunds.add(txn.refId);
        get().add({ kind: 'refund', txn });
      }),
      // A wallet topped up above the threshold makes the low-balance notice stale.
      desk.on('balance:updated', ({ balance }) => {
        const low = get().notices.find((n) => n.kind === 'lowBalance');
        if (low && low.kind === 'lowBalance' && balance.buyer >= low.threshold) get().dismiss(low.id);
      }),
    ];
    return () => offs.forEach((off) => off());
  },
}));
