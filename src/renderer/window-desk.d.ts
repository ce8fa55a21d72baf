import type { DeskApi } from '../shared/ipc/desk-api';

// The bridge the preload (or the web harness) installs; the UI talks to nothing else.
declare global {
  interface Window {
    desk?: DeskApi;
  }
}
