import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { LockStatus } from '../../shared/lock-schemas';

type Failure = IpcError;

/** One change to the owner's People list (issue 38). */
export type PeopleChange =
  | { kind: 'add'; name: string; pin: string }
  | { kind: 'rename'; person: number; name: string }
  | { kind: 'resetPin'; person: number; pin: string }
  | { kind: 'remove'; person: number };

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
  /** The owner's PIN, or with `person` a named staff member's own PIN. */
  unlock(desk: DeskApi, pin: string, person?: number): Promise<Failure | null>;
  /** The owner's People list: each answers with the failure to show, or null. */
  people(desk: DeskApi, change: PeopleChange): Promise<Failure | null>;
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
        // Whoever signed in (the owner, or a named person) keeps their turn while they work.
        if (!s?.pinSet || s.person === null || Date.now() - last < TOUCH_EVERY_MS) return;
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
    async unlock(desk, pin, person) {
      const failure = apply(await desk.lock.unlock(person === undefined ? { pin } : { pin, person }));
      // A named person signed in: the dialog has done its work (the owner's closes in apply).
      if (!failure) set({ dialogOpen: false });
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
    async people(desk, change) {
      switch (change.kind) {
        case 'add':
          return apply(await desk.lock.addPerson({ name: change.name, pin: change.pin }));
        case 'rename':
          return apply(await desk.lock.renamePerson({ person: change.person, name: change.name }));
        case 'resetPin':
          return apply(await desk.lock.resetPersonPin({ person: change.person, pin: change.pin }));
        case 'remove':
          return apply(await desk.lock.removePerson({ person: change.person }));
      }
    },
    async refresh(desk) {
      apply(await desk.lock.status());
    },
  };
});
