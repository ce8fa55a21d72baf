import { request } from 'undici';
import { startHarness, type Harness, type HarnessOptions } from '../../../../src/harness/start-harness';
import type { Channel, EventName, RequestOf, ResponseOf } from '../../../../src/shared/ipc/contract';
import type { Result } from '../../../../src/shared/result';
import { HARNESS_KEY_HEADER } from '../../../../src/harness/harness-key';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';

export interface TestHarness extends Harness {
  call<C extends Channel>(channel: C, payload?: RequestOf<C>): Promise<Result<ResponseOf<C>>>;
  /** Sends any payload, as a hostile or buggy renderer could. */
  callRaw(channel: string, payload: unknown): Promise<Result<unknown>>;
  /** Calls and expects ok: returns the data or fails the test with the error. */
  ok<C extends Channel>(channel: C, payload?: RequestOf<C>): Promise<ResponseOf<C>>;
  events: { event: EventName; payload: unknown }[];
  dispose(): Promise<void>;
}

/** The web harness on a temp data folder, called over its real HTTP bridge. */
export async function openHarness(options: HarnessOptions & { keepDir?: string } = {}): Promise<TestHarness> {
  const dataDir = options.keepDir ?? makeTempDir('flow');
  const harness = await startHarness({ build: false, demoPendingMs: 300, ...options, dataDir });
  const events: TestHarness['events'] = [];
  harness.core.events.subscribe((event, payload) => events.push({ event, payload }));
  const callRaw = async (channel: string, payload: unknown) => {
    const res = await request(`${harness.url}/ipc/${channel}`, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', [HARNESS_KEY_HEADER]: harness.key },
    });
    return (await res.body.json()) as Result<unknown>;
  };
  const call = async <C extends Channel>(channel: C, payload?: RequestOf<C>) => {
    const res = await request(`${harness.url}/ipc/${channel}`, {
      method: 'POST',
      body: JSON.stringify(payload ?? {}),
      headers: { 'content-type': 'application/json', [HARNESS_KEY_HEADER]: harness.key },
    });
    return (await res.body.json()) as Result<ResponseOf<C>>;
  };
  return {
    ...harness,
    events,
    call,
    callRaw,
    async ok(channel, payload) {
      const r = await call(channel, payload);
      if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${JSON.stringify(r.error.params)}`);
      return r.data;
    },
    async dispose() {
      await harness.close();
      if (!options.keepDir) removeTempDir(dataDir);
    },
  };
}

/** Waits until the recharge has this status; its details then. */
export function untilStatus(t: TestHarness, refId: string, status: string, timeoutMs = 5000) {
  return until(
    async () => {
      const d = await t.ok('txn:get', { refId });
      return d.txn.status === status ? d : undefined;
    },
    timeoutMs,
    `${refId} to be ${status}`,
  );
}

export async function until<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 8000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
