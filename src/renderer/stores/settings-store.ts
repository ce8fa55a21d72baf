import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { RequestOf, ResponseOf } from '../../shared/ipc/contract';

type Settings = ResponseOf<'settings:get'>;
type Auth = ResponseOf<'auth:status'>;
type Failure = IpcError;

export interface SettingsState {
  settings: Settings | null;
  auth: Auth | null;
  error: Failure | null;
  saved: boolean;
  load(desk: DeskApi): Promise<void>;
  update(desk: DeskApi, patch: RequestOf<'settings:update'>): Promise<boolean>;
  saveAccount(desk: DeskApi, account: RequestOf<'auth:save'>): Promise<boolean>;
  clearAccount(desk: DeskApi): Promise<void>;
}

/** Settings and the account's status as main reports them; the token is never here. */
export const useSettingsStore = create<SettingsState>((set) => ({
  settings: null,
  auth: null,
  error: null,
  saved: false,
  async load(desk) {
    const [s, a] = await Promise.all([desk.settings.get(), desk.auth.status()]);
    set({ settings: s.ok ? s.data : null, auth: a.ok ? a.data : null, error: !s.ok ? s.error : !a.ok ? a.error : null });
  },
  async update(desk, patch) {
    const r = await desk.settings.update(patch);
    if (!r.ok) {
      set({ error: r.error, saved: false });
      return false;
    }
    const a = await desk.auth.status();
    set({ settings: r.data, auth: a.ok ? a.data : null, error: null, saved: true });
    return true;
  },
  async saveAccount(desk, account) {
    const r = await desk.auth.save(account);
    // Saving an account also switches the mode: read the settings back with it.
    const s = await desk.settings.get();
    set(r.ok ? { auth: r.data, error: null, saved: true, ...(s.ok ? { settings: s.data } : {}) } : { error: r.error, saved: false });
    return r.ok;
  },
  async clearAccount(desk) {
    const r = await desk.auth.clear();
    const s = await desk.settings.get();
    set(r.ok ? { auth: r.data, error: null, saved: true, ...(s.ok ? { settings: s.data } : {}) } : { error: r.error, saved: false });
  },
}));
