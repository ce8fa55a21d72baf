import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, contract } from '../../src/shared/ipc/contract';
import { CHANNEL_NAMES, EVENT_NAMES, EVENT_WIRE_CHANNEL } from '../../src/shared/ipc/channel-names';
import { createDeskApi, type DeskTransport } from '../../src/shared/ipc/desk-api';

const exposed: Record<string, unknown> = {};
const invoked: unknown[][] = [];
let wireListener: ((event: unknown, message: unknown) => void) | undefined;

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => {
      exposed[key] = value;
    },
  },
  ipcRenderer: {
    invoke: (...args: unknown[]) => {
      invoked.push(args);
      return Promise.resolve({ ok: true, data: { name: 'RechargeDesk', version: '1', mode: 'live', dataDir: '/d' } });
    },
    on: (channel: string, listener: (event: unknown, message: unknown) => void) => {
      if (channel === EVENT_WIRE_CHANNEL) wireListener = listener;
    },
  },
}));

/** The page's side, untyped: what a hostile or buggy page could pass. */
interface LooseWire {
  invoke(channel: unknown, payload: unknown): Promise<unknown>;
  subscribe(event: unknown, listener: unknown): () => void;
}

describe('preload', () => {
  beforeEach(async () => {
    await import('../../src/preload/index');
  });

  it('exposes window.deskWire and nothing else', () => {
    expect(Object.keys(exposed)).toEqual(['deskWire']);
    expect(Object.keys(exposed['deskWire'] as object).sort()).toEqual(['invoke', 'subscribe']);
  });

  it("knows exactly the contract's channels and events, by name", () => {
    expect([...CHANNEL_NAMES].sort()).toEqual(Object.keys(contract.channels).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(contract.events).sort());
    expect(CHANNELS).toEqual(CHANNEL_NAMES);
  });

  it('forwards a contract channel to ipcRenderer.invoke and refuses any other name without sending it', async () => {
    const wire = exposed['deskWire'] as LooseWire;
    invoked.length = 0;
    await wire.invoke('app:info', {});
    expect(invoked).toEqual([['app:info', {}]]);
    for (const name of ['desk:event', 'app:quit', 'constructor', '__proto__', 'app:info ', 42, null]) {
      await expect(wire.invoke(name, {})).rejects.toThrow('not a RechargeDesk call');
    }
    expect(invoked).toHaveLength(1);
  });

  it('passes events without the Electron event object, and drops names outside the contract', () => {
    const wire = exposed['deskWire'] as LooseWire;
    const calls: unknown[][] = [];
    const off = wire.subscribe('app:notice', (...args: unknown[]) => calls.push(args));
    const notice = { id: 'n1', at: 1, level: 'info', outcome: { code: 'ledger_reindexed', params: {} } };
    wireListener?.({ sender: 'electron-internals' }, { event: 'app:notice', payload: notice });
    wireListener?.({}, { event: 'toString', payload: 1 });
    wireListener?.({}, null);
    expect(calls).toEqual([[notice]]);
    off();
    wireListener?.({}, { event: 'app:notice', payload: { ...notice, id: 'n2' } });
    expect(calls).toHaveLength(1);
    expect(() => wire.subscribe('app:shutdown', () => {})).toThrow('not a RechargeDesk event');
    expect(() => wire.subscribe('app:notice', 'not a function')).toThrow('not a RechargeDesk event');
  });

  it('is the wire the page builds its typed desk on: calls and checked answers end to end', async () => {
    const desk = createDeskApi(exposed['deskWire'] as DeskTransport);
    invoked.length = 0;
    expect(await desk.app.info()).toEqual({ ok: true, data: { name: 'RechargeDesk', version: '1', mode: 'live', dataDir: '/d' } });
    expect(invoked).toEqual([['app:info', {}]]);
  });
});
