import { contract, type EventName, type EventPayloadOf } from '../../../shared/ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

/**
 * Main→renderer pushes. Payloads are checked against the contract before they leave, so a
 * malformed event is caught where it is made, not in the UI. Nothing is replayed: what a window
 * that opens later must read is state (the notice board, the open recharges), asked for at start.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayloadOf<E>): void {
    const checked = contract.events[event].parse(payload);
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
    return () => this.listeners.delete(listener);
  }
}
