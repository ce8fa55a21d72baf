import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { CHANNELS, type Channel, type EventName, type EventPayloadOf, type ResponseOf } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';
import type { TxnView } from '../../src/shared/ipc/txn-schemas';

type Answers = { [C in Channel]?: (request: unknown) => Result<ResponseOf<C>> | Promise<Result<ResponseOf<C>>> };

export interface FakeDesk {
  desk: DeskApi;
  calls: { channel: string; request: unknown }[];
  emit<E extends EventName>(event: E, payload: EventPayloadOf<E>): void;
}

const defaults: Answers = {
  'app:info': () => ({ ok: true, data: { name: 'RechargeDesk', version: '0.1.0', mode: 'demo', dataDir: '/shop/data' } }),
  'balance:get': () => ({
    ok: true,
    data: { balance: { buyer: 500000, seller: 0, lien: 0, at: Date.now(), source: 'balance' }, online: true },
  }),
  'txn:open': () => ({ ok: true, data: { items: [], next: null } }),
  'txn:lastForNumber': () => ({ ok: true, data: { txn: null } }),
  'sale:unreceived': () => ({ ok: true, data: { items: [] } }),
};

/** A stand-in for window.desk: answers per channel, records every call, and emits events on demand. */
export function fakeDesk(answers: Answers = {}): FakeDesk {
  const calls: FakeDesk['calls'] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const all = { ...defaults, ...answers } as Record<string, (r: unknown) => unknown>;
  const api: Record<string, unknown> = {};
  for (const channel of CHANNELS) {
    const [domain, action] = channel.split(':') as [string, string];
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[action] = async (request: unknown = {}) => {
      calls.push({ channel, request });
      const answer = all[channel];
      return answer ? answer(request) : { ok: false, error: { code: 'unknown_channel', params: { channel } } };
    };
  }
  api['on'] = (event: string, listener: (p: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    desk: api as unknown as DeskApi,
    calls,
    emit: (event, payload) => listeners.get(event)?.forEach((l) => l(payload)),
  };
}

export function txn(partial: Partial<TxnView> = {}): TxnView {
  return {
    id: 1,
    refId: 'REF0000000000001',
    number: '9876541111',
    operator: 'JIO',
    amount: 19900,
    status: 'Pending',
    providerStatus: 'Pending',
    txnId: 'RT1',
    optId: null,
    margin: null,
    balanceAfter: 480100,
    message: '',
    rechargeDate: '2026-11-22',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    nextCheckAt: null,
    attempts: 0,
    lastError: null,
    moneyNote: null,
    ...partial,
  };
}
