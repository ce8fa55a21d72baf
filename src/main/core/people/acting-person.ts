import { AsyncLocalStorage } from 'node:async_hooks';
import type { Doer } from '../../../shared/lock-schemas';

/**
 * Who the core is working for right now. The IPC router runs each request from the window inside
 * the person signed in when it arrived, so a sale or a payment written halfway through its awaits
 * is still theirs after a shift change; work the core does on its own (a status check, a wallet
 * read) runs outside any person and records nobody. Only the writes a person makes record it
 * (done-by-sql.ts): a timer a request sets carries the person on, and writes nothing that asks.
 */
const acting = new AsyncLocalStorage<Doer>();

export function actingAs<T>(who: Doer, work: () => T): T {
  return acting.run(who, work);
}

/** The person the current request came from; undefined for the core's own work. */
export function actingPerson(): Doer | undefined {
  return acting.getStore();
}
