import type { ResponseOf } from '../../../shared/ipc/contract';
import type { Outcome, OutcomeCode } from '../../../shared/outcomes/outcome-registry';
import type { EventBus } from '../events/event-bus';

export type Notice = ResponseOf<'app:notices'>['items'][number];
export type NoticeLevel = Notice['level'];

/**
 * What the shopkeeper must read, kept as state: the one notice path. The screen asks for it when it
 * opens (`app:notices`), so a notice raised at start, before any window listens, is not lost; each
 * is also pushed as `app:notice` for a screen already open. A notice with the code (and key) of an
 * older one replaces it, so a check that fails twice shows once; a key keeps notices about
 * different things apart (two refunds, one per recharge).
 */
export class NoticeBoard {
  private items: Notice[] = [];
  private seq = 0;
  /** Notices about one account's recharges and wallet, by id: the demo account's go when it closes. */
  private readonly ofSession = new Set<string>();

  constructor(private readonly deps: { events: EventBus; now?: () => number }) {}

  add(level: NoticeLevel, outcome: Outcome, key = ''): string {
    const notice: Notice = { id: `n${++this.seq}`, at: (this.deps.now ?? Date.now)(), level, outcome, key };
    this.items = [...this.items.filter((i) => i.outcome.code !== outcome.code || i.key !== key), notice];
    this.deps.events.emit('app:notice', notice);
    return notice.id;
  }

  /** A notice about the open account's recharges or wallet (a refund, a late failure, a low wallet). */
  addForSession(level: NoticeLevel, outcome: Outcome, key = ''): void {
    this.ofSession.add(this.add(level, outcome, key));
  }

  /**
   * The practice account closed (the counter went live, say): what it told of was practice money,
   * and must not sit beside the real account's. A live account's notices are never taken back
   * this way: an unread refund stays until the shopkeeper dismisses it.
   */
  endPractice(): void {
    this.items = this.items.filter((i) => !this.ofSession.has(i.id));
    this.ofSession.clear();
  }

  /** Takes back a notice whose cause is gone (a backup succeeded after one failed). */
  clear(code: OutcomeCode): void {
    this.takeBack((i) => i.outcome.code === code);
  }

  /** Takes back the one notice of this code about `key` (the owner checked that sale), leaving the others. */
  clearKey(code: OutcomeCode, key: string): void {
    this.takeBack((i) => i.outcome.code === code && i.key === key);
  }

  /** An open screen shows what it last read: it must hear a take-back, or the stale notice stays until reload. */
  private takeBack(gone: (n: Notice) => boolean): void {
    const kept = this.items.filter((i) => !gone(i));
    if (kept.length === this.items.length) return;
    this.items = kept;
    this.deps.events.emit('app:noticeCleared', {});
  }

  list(): Notice[] {
    return this.items;
  }

  dismiss(id: string): Notice[] {
    this.items = this.items.filter((i) => i.id !== id);
    return this.items;
  }
}
