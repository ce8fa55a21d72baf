import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { LockStatus } from '../../shared/lock-schemas';

type Failure = IpcError;

/** How often, at most, keys and clicks tell main the owner is still here. */
const TOUCH_EVERY_MS = 20_000;

export interface LockState {
  /** As main reports it: the window never decides who is at the counter. */
  status: LockStatus | null;
  dialogOpen: boolean;
  connect(desk: DeskApi): () => void;
  openDialog(): void;
  closeDialog(): void;
  /** Each answers with the failure to show, or null; main's answer replaces the status. */
  unlock(desk: DeskApi, pin: string): Promise<Failure | null>;
  lock(desk: DeskApi): Promise<void>;
  setPin(desk: DeskApi, pin: string): Promise<Failure | null>;
  resetPin(desk: DeskApi, token: string, pin: string): Promise<Failure | null>;
  /** After an owner_only refusal (the idle lock may have just run): read the status again. */
  refresh(desk: DeskApi): Promise<void>;
}

export const useLockStore = create<LockState>((set, get) => {
  const apply = (r: { ok: true; data: LockStatus } | { ok: false; error: Failure }): Failure | null => {
    if (!r.ok) return r.error;
    set({ status: r.data, dialogOpen: r.data.role === 'owner' ? false : get().dialogOpen });
    return null;
  };
  return {
    status: null,
    dialogOpen: false,
    connect(desk) {
      void desk.lock.status().then((r) => apply(r));
      const off = desk.on('lock:changed', (status) => set({ status }));
      let last = 0;
      const active = () => {
        const s = get().status;
        if (!s?.pinSet || s.role !== 'owner' || Date.now() - last < TOUCH_EVERY_MS) return;
        last = Date.now();
        void desk.lock.touch().then((r) => apply(r));
      };
      window.addEventListener('keydown', active, true);
      window.addEventListener('pointerdown', active, true);
      return () => {
        off();
        window.removeEventListener('keydown', active, true);
        window.removeEventListener('pointerdown', active, true);
      };
    },
    openDialog: () => set({ dialogOpen: true }),
    closeDialog: () => set({ dialogOpen: false }),
    async unlock(desk, pin) {
      const failure = apply(await desk.lock.unlock({ pin }));
      // A wrong PIN changes the count and perhaps the wait: show main's figures.
      if (failure) await get().refresh(desk);
      return failure;
    },
    async lock(desk) {
      apply(await desk.lock.lock());
    },
    async setPin(desk, pin) {
      return apply(await desk.lock.setPin({ pin }));
    },
    async resetPin(desk, token, pin) {
      const failure = apply(await desk.lock.resetPin({ token, pin }));
      if (failure) await get().refresh(desk);
      return failure;
    },
    async refresh(desk) {
      apply(await desk.lock.status());
    },
  };
});
