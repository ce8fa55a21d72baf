import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../../src/main/core/events/event-bus';
import { NoticeBoard } from '../../../../src/main/core/notices/notice-board';
import type { Outcome } from '../../../../src/shared/outcomes/outcome-registry';

const hello = { id: 'n1', at: 1, level: 'info', key: '', outcome: { code: 'ledger_reindexed', params: {} } } as const;

describe('event bus', () => {
  it('delivers checked payloads to every subscriber, even when one throws', () => {
    const bus = new EventBus();
    const got: unknown[] = [];
    bus.subscribe(() => {
      throw new Error('broken window');
    });
    const off = bus.subscribe((event, payload) => got.push([event, payload]));
    bus.emit('app:notice', hello);
    off();
    bus.emit('app:notice', { ...hello, id: 'n2' });
    expect(got).toEqual([['app:notice', hello]]);
  });

  it('refuses to emit a payload that breaks the contract', () => {
    const bus = new EventBus();
    expect(() => bus.emit('app:notice', { level: 'loud' } as never)).toThrow();
    // An outcome whose parameters do not fit its code is refused too.
    expect(() => bus.emit('app:notice', { ...hello, outcome: { code: 'pin_wait', params: { seconds: 'soon' } } } as never)).toThrow();
  });

  it('replays nothing to a listener that subscribes later', () => {
    const bus = new EventBus();
    bus.emit('app:notice', hello);
    bus.emit('connection:changed', { online: false });
    const heard: unknown[] = [];
    bus.subscribe((event, payload) => heard.push([event, payload]));
    expect(heard).toEqual([]);
    bus.emit('connection:changed', { online: true });
    expect(heard).toEqual([['connection:changed', { online: true }]]);
  });
});

describe('notices raised before a window listens', () => {
  const raised: [Outcome, 'info' | 'warning' | 'error'][] = [
    [{ code: 'settings_reset', params: { dropped: 'language' } }, 'warning'],
    [{ code: 'ledger_reindexed', params: {} }, 'info'],
    [{ code: 'token_unreadable', params: {} }, 'error'],
    [{ code: 'callback_listener_failed', params: { port: 8787, cue: 'EADDRINUSE' } }, 'warning'],
  ];

  it('are kept on the notice board, in order, for a reader that comes later; the bus replays none', () => {
    const bus = new EventBus();
    let t = 1000;
    const board = new NoticeBoard({ events: bus, now: () => t++ });
    for (const [o, level] of raised) board.add(level, o);

    const heard: unknown[] = [];
    bus.subscribe((event, payload) => heard.push([event, payload]));
    expect(heard).toEqual([]);

    const list = board.list();
    expect(list.map((n) => [n.outcome, n.level])).toEqual(raised);
    expect(list.map((n) => n.at)).toEqual([1000, 1001, 1002, 1003]);
    expect(new Set(list.map((n) => n.id)).size).toBe(raised.length);
  });

  it('pushes each new notice, as kept, to a listener already there', () => {
    const bus = new EventBus();
    const board = new NoticeBoard({ events: bus, now: () => 5 });
    const heard: unknown[] = [];
    bus.subscribe((event, payload) => heard.push([event, payload]));
    board.add('error', { code: 'token_missing', params: {} });
    expect(heard).toEqual([['app:notice', board.list()[0]]]);
    expect(board.list()[0]).toEqual({
      id: expect.any(String),
      at: 5,
      level: 'error',
      key: '',
      outcome: { code: 'token_missing', params: {} },
    });
  });

  it('keep one notice per code (the newest), and drop one dismissed or cleared', () => {
    const board = new NoticeBoard({ events: new EventBus(), now: () => 7 });
    board.add('warning', { code: 'shop_ledger_offline', params: { since: 100 } });
    board.add('info', { code: 'ledger_reindexed', params: {} });
    board.add('warning', { code: 'shop_ledger_offline', params: { since: 200 } });
    expect(board.list().map((n) => n.outcome)).toEqual([
      { code: 'ledger_reindexed', params: {} },
      { code: 'shop_ledger_offline', params: { since: 200 } },
    ]);
    board.clear('shop_ledger_offline');
    expect(board.list().map((n) => n.outcome.code)).toEqual(['ledger_reindexed']);
    expect(board.dismiss(board.list()[0]!.id)).toEqual([]);
  });
});
