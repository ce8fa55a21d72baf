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
