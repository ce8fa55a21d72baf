import { contract, type EventName, type EventPayloadOf } from '../../../shared/ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

/**
 * Main→renderer pushes. Payloads are checked against the contract before they leave, so a
 * malformed event is caught where it is made, not in the UI.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();
  /**
   * Notices raised before any window listened (at start: a damaged file, an unreadable token) are
   * kept and handed to each new listener, so a window that opens or reloads later still hears them.
   */
  private readonly notices: unknown[] = [];

  emit<E extends EventName>(event: E, payload: EventPayloadOf<E>): void {
    const checked = contract.events[event].parse(payload);
    if (event === 'app:notice' && this.notices.push(checked) > 20) this.notices.shift();
    for (const listener of this.listeners) {
      try {
        listener(event, checked);
      } catch {
        // One broken window or stream must not stop the others from hearing about money.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    for (const notice of this.notices) {
      try {
        listener('app:notice', notice);
      } catch {
        // as in emit
      }
    }
    return () => this.listeners.delete(listener);
  }
}
