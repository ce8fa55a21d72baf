import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENT_WIRE_CHANNEL } from '../../src/shared/ipc/contract';

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

describe('preload', () => {
  beforeEach(async () => {
    await import('../../src/preload/index');
  });

  it('exposes window.desk and nothing else', () => {
    expect(Object.keys(exposed)).toEqual(['desk']);
  });

  it("exposes exactly the contract's channels, grouped by domain, plus on()", () => {
    const desk = exposed['desk'] as Record<string, Record<string, unknown>>;
    const expectedDomains = [...new Set(CHANNELS.map((c) => c.split(':')[0]))].sort();
    expect(Object.keys(desk).sort()).toEqual([...expectedDomains, 'on'].sort());
    const actualChannels = Object.entries(desk)
      .filter(([k]) => k !== 'on')
      .flatMap(([domain, actions]) => Object.keys(actions).map((a) => `${domain}:${a}`))
      .sort();
    expect(actualChannels).toEqual([...CHANNELS].sort());
  });

  it('forwards calls over ipcRenderer.invoke and events without the Electron event object', async () => {
    const desk = exposed['desk'] as { app: { info(): Promise<unknown> }; on(e: string, l: (...a: unknown[]) => void): () => void };
    await desk.app.info();
    expect(invoked.at(-1)).toEqual(['app:info', {}]);
    const calls: unknown[][] = [];
    desk.on('app:notice', (...args) => calls.push(args));
    wireListener?.({ sender: 'electron-internals' }, { event: 'app:notice', payload: { level: 'info', code: 'c', message: 'm' } });
    expect(calls).toEqual([[{ level: 'info', code: 'c', message: 'm' }]]);
  });
});
