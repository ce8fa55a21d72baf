import type { IpcError } from '../../shared/result';
import { create } from 'zustand';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { DeskApi } from '../../shared/ipc/desk-api';

type AppInfo = ResponseOf<'app:info'>;

export interface AppState {
  info: AppInfo | null;
  error: IpcError | null;
  load(desk: DeskApi): Promise<void>;
}

export const useAppStore = create<AppState>((set) => ({
  info: null,
  error: null,
  async load(desk) {
    const result = await desk.app.info();
    if (result.ok) set({ info: result.data, error: null });
    else set({ error: result.error });
  },
}));
