import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../../src/main/core/events/event-bus';

describe('event bus', () => {
  it('delivers checked payloads to every subscriber, even when one throws', () => {
    const bus = new EventBus();
    const got: unknown[] = [];
    bus.subscribe(() => {
      throw new Error('broken window');
    });
    const off = bus.subscribe((event, payload) => got.push([event, payload]));
    bus.emit('app:notice', { level: 'info', code: 'ok', message: 'hello' });
    off();
    bus.emit('app:notice', { level: 'info', code: 'ok', message: 'unheard' });
    expect(got).toEqual([['app:notice', { level: 'info', code: 'ok', message: 'hello' }]]);
  });

  it('refuses to emit a payload that breaks the contract', () => {
    const bus = new EventBus();
    expect(() => bus.emit('app:notice', { level: 'loud' } as never)).toThrow();
  });
});

describe('notices raised before a window listens', () => {
  it('are handed, in order, to each listener that subscribes later (the last 20)', () => {
    const bus = new EventBus();
    for (let i = 0; i < 25; i++) bus.emit('app:notice', { level: 'warning', code: `n${i}`, message: `notice ${i}` });
    const heard: string[] = [];
    bus.subscribe((event, payload) => event === 'app:notice' && heard.push(JSON.stringify(payload)));
    expect(heard).toHaveLength(20);
    expect(heard[0]).toContain('n5');
    expect(heard[19]).toContain('n24');
  });
});
