import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, contract } from '../../../src/shared/ipc/contract';
import { createDeskApi, type DeskTransport } from '../../../src/shared/ipc/desk-api';

function fakeTransport(answer: (channel: string, payload: unknown) => unknown): DeskTransport & { emit(e: string, p: unknown): void } {
  const subs = new Map<string, Set<(p: unknown) => void>>();
  return {
    invoke: async (channel, payload) => answer(channel, payload),
    subscribe(event, listener) {
      const set = subs.get(event) ?? new Set();
      subs.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit: (e, p) => subs.get(e)?.forEach((l) => l(p)),
  };
}

describe('createDeskApi', () => {
  it('names every channel domain:action and exposes each as desk.domain.action', () => {
    const desk = createDeskApi(fakeTransport(() => ({ ok: false, error: { code: 'x', message: 'y' } }))) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const channel of CHANNELS) {
      expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
      const [domain, action] = channel.split(':') as [string, string];
      expect(typeof desk[domain]?.[action]).toBe('function');
    }
  });

  it('passes the request to the channel and returns the checked answer', async () => {
    const seen: unknown[] = [];
    const desk = createDeskApi(
      fakeTransport((channel, payload) => {
        seen.push([channel, payload]);
        return { ok: true, data: { name: 'RechargeDesk', version: '1.2.3', mode: 'demo', dataDir: '/d' } };
      }),
    );
    const result = await desk.app.info();
    expect(seen).toEqual([['app:info', {}]]);
    expect(result).toEqual({ ok: true, data: { name: 'RechargeDesk', version: '1.2.3', mode: 'demo', dataDir: '/d' } });
  });

  it('turns a malformed or failed answer into a clear error, never a half-shaped object', async () => {
    const bad = createDeskApi(fakeTransport(() => ({ ok: true, data: { version: 7 } })));
    const r1 = await bad.app.info();
    expect(r1.ok).toBe(false);
    const broken = createDeskApi({ ...fakeTransport(() => null), invoke: () => Promise.reject(new Error('pipe closed')) });
    expect(await broken.app.info()).toEqual({ ok: false, error: { code: 'transport', message: 'pipe closed' } });
  });

  it('delivers only events whose payload fits the contract, in the order they came, none after off()', async () => {
    // A fresh module: its schemas not loaded yet, as at the page's start.
    vi.resetModules();
    const fresh = await import('../../../src/shared/ipc/desk-api');
    const transport = fakeTransport(() => null);
    const desk = fresh.createDeskApi(transport);
    const got: unknown[] = [];
    const off = desk.on('app:notice', (p) => got.push(p));
    // Before the schemas are in: they wait, in order, and are checked then.
    transport.emit('app:notice', { level: 'warning', code: 'low_balance', message: 'Balance is low' });
    transport.emit('app:notice', { level: 'shout', code: 1 });
    transport.emit('app:notice', { level: 'info', code: 'second', message: 'Then this' });
    expect(got).toEqual([]);
    await vi.waitFor(() => expect(got).toHaveLength(2));
    // Loaded: checked and delivered at once.
    transport.emit('app:notice', { level: 'error', code: 'third', message: 'And this' });
    expect(got).toHaveLength(3);
    off();
    transport.emit('app:notice', { level: 'info', code: 'x', message: 'after off' });
    expect(got).toEqual([
      { level: 'warning', code: 'low_balance', message: 'Balance is low' },
      { level: 'info', code: 'second', message: 'Then this' },
      { level: 'error', code: 'third', message: 'And this' },
    ]);
    expect(() => desk.on('nope' as never, () => {})).toThrow();
  });

  it('delivers nothing that waited for the schemas once off() was called', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/shared/ipc/desk-api');
    const transport = fakeTransport(() => null);
    const got: unknown[] = [];
    const off = fresh.createDeskApi(transport).on('app:notice', (p) => got.push(p));
    transport.emit('app:notice', { level: 'info', code: 'waiting', message: 'Sent before the schemas' });
    off();
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([]);
  });

  it('sends nothing when its schemas cannot be loaded, and says so in words that say nothing was sent', async () => {
    vi.resetModules();
    vi.doMock('../../../src/shared/ipc/contract', () => {
      throw new Error('chunk failed to load');
    });
    try {
      const fresh = await import('../../../src/shared/ipc/desk-api');
      const sent: string[] = [];
      const desk = fresh.createDeskApi(
        fakeTransport((channel) => {
          sent.push(channel);
          return { ok: true, data: { saved: true } };
        }),
      );
      const r = await desk.recharge.submit({ number: '9876543210', operator: 'JIO', amount: 199 });
      expect(r).toEqual({ ok: false, error: { code: 'app_incomplete', message: expect.stringContaining('Nothing was sent') } });
      expect(sent).toEqual([]);
    } finally {
      vi.doUnmock('../../../src/shared/ipc/contract');
      vi.resetModules();
    }
  });

  it('declares a request and a response schema for every channel', () => {
    for (const channel of CHANNELS) {
      expect(contract.channels[channel].request).toBeDefined();
      expect(contract.channels[channel].response).toBeDefined();
    }
  });
});
