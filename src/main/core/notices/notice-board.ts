import type { ResponseOf } from '../../../shared/ipc/contract';
import type { EventBus } from '../events/event-bus';

export type Notice = ResponseOf<'app:notices'>['items'][number];
export type NewNotice = Omit<Notice, 'id' | 'at'>;

/**
 * What the shopkeeper must read, kept as state: the screen asks for it when it opens
 * (`app:notices`), so a notice raised at start, before any window listens, is not lost. Each is
 * also pushed as `app:notice` for a screen already open. A notice with the code of an older one
 * replaces it, so a check that fails twice shows once.
 */
export class NoticeBoard {
  private items: Notice[] = [];
  private seq = 0;

  constructor(
    private readonly events: EventBus,
    private readonly now: () => number = Date.now,
  ) {}

  add(n: NewNotice): void {
    const notice: Notice = { ...n, id: `n${++this.seq}`, at: this.now() };
    this.items = [...this.items.filter((i) => i.code !== n.code), notice];
    this.events.emit('app:notice', { level: n.level, code: n.code, message: n.message });
  }

  /** Takes back a notice whose cause is gone (a backup succeeded after one failed). */
  clear(code: Notice['code']): void {
    this.items = this.items.filter((i) => i.code !== code);
  }

  list(): Notice[] {
    return this.items;
  }

  dismiss(id: string): Notice[] {
    this.items = this.items.filter((i) => i.id !== id);
    return this.items;
  }
}
