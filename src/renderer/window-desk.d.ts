import type { DeskApi, DeskTransport } from '../shared/ipc/desk-api';

declare global {
  interface Window {
    /** What the preload (or the web harness) installs: calls and events by name, nothing else. */
    deskWire?: DeskTransport;
    /** The page's typed API on that wire (main.tsx), answers checked against the contract; tests reach it here. */
    desk?: DeskApi;
  }
}
