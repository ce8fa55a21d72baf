import type { DeskApi } from '../shared/ipc/desk-api';

declare global {
  interface Window {
    desk?: DeskApi;
  }
}

/** The bridge the preload (or the web harness) installs; the UI talks to nothing else. */
export function getDesk(): DeskApi {
  if (!window.desk) throw new Error('window.desk is missing: the page was opened outside RechargeDesk.');
  return window.desk;
}
