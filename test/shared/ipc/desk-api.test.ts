import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, contract } from '../../../src/shared/ipc/contract';
import { createDeskApi, type DeskTransport } from '../../../src/shared/ipc/desk-api';
import { outcomeText } from '../../../src/shared/words/outcome-text';

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

const first = { id: 'n1', at: 1, level: 'warning', key: '', outcome: { code: 'shop_ledger_offline', params: { since: 1000 } } };
const second = { id: 'n2', at: 2, level: 'info', key: '', outcome: { code: 'ledger_reindexed', params: {} } };
const third = { id: 'n3', at: 3, level: 'error', key: '', outcome: { code: 'token_unreadable', params: {} } };

describe('createDeskApi', () => {
  it('names every channel domain:action and exposes each as desk.domain.action', () => {
    const desk = createDeskApi(fakeTransport(() => ({ ok: false, error: { code: 'internal', params: {} } }))) as unknown as Record<
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
    expect(await broken.app.info()).toEqual({ ok: false, error: { code: 'transport', params: {} } });
    // An error whose code is not ours, or whose values do not fit its code, is not passed on as it came.
    for (const error of [
      { code: 'x', message: 'y' },
      { code: 'pin_wait', params: { seconds: 'soon' } },
    ]) {
      const odd = createDeskApi(fakeTransport(() => ({ ok: false, error })));
      expect(await odd.app.info()).toEqual({ ok: false, error: { code: 'transport', params: {} } });
    }
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
    transport.emit('app:notice', first);
    transport.emit('app:notice', { level: 'shout', code: 1 });
    transport.emit('app:notice', { ...second, outcome: { code: 'no_such_code', params: {} } });
    transport.emit('app:notice', { level: 'warning', code: 'low_balance', message: 'the old shape' });
    transport.emit('app:notice', second);
    expect(got).toEqual([]);
    await vi.waitFor(() => expect(got).toHaveLength(2));
    // Loaded: checked and delivered at once.
    transport.emit('app:notice', third);
    expect(got).toHaveLength(3);
    off();
    transport.emit('app:notice', { ...third, id: 'n4' });
    expect(got).toEqual([first, second, third]);
    expect(() => desk.on('nope' as never, () => {})).toThrow();
  });

  it('delivers nothing that waited for the schemas once off() was called', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/shared/ipc/desk-api');
    const transport = fakeTransport(() => null);
    const got: unknown[] = [];
    const off = fresh.createDeskApi(transport).on('app:notice', (p) => got.push(p));
    transport.emit('app:notice', first);
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
      expect(r).toEqual({ ok: false, error: { code: 'app_incomplete', params: {} } });
      if (!r.ok) {
        expect(outcomeText('en', r.error)).toContain('Nothing was sent');
        expect(outcomeText('hi', r.error)).toMatch(/[\u0900-\u097F]/);
      }
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
