import { describe, expect, it } from 'vitest';
import { createRouter as createFullRouter, type Handlers } from '../../../../src/main/core/ipc/router';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { CHANNELS } from '../../../../src/shared/ipc/contract';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

// Only app:info is exercised here; every other channel gets a handler that must not be reached.
const unused = Object.fromEntries(
  CHANNELS.map((c) => [
    c,
    () => {
      throw new Error(`${c} not expected`);
    },
  ]),
) as unknown as Handlers;
// Roles are proven in channel-roles.test.ts; here every channel is open.
const open = { check: () => {}, doer: () => ({ id: 0, name: '', role: 'owner' as const }) };
const createRouter = (h: Pick<Handlers, 'app:info'>, onError?: (c: string, e: unknown) => void) =>
  createFullRouter({ ...unused, ...h }, open, onError);

const info = { name: 'RechargeDesk', version: '0.1.0', mode: 'demo' as const, dataDir: '/data' };

describe('IPC router', () => {
  it('answers a valid call with ok and the handler data', async () => {
    const router = createRouter({ 'app:info': () => info });
    expect(await router.dispatch('app:info', {})).toEqual({ ok: true, data: info });
  });

  it('refuses an unknown channel, including names on Object.prototype', async () => {
    const router = createRouter({ 'app:info': () => info });
    for (const name of ['nope:x', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const r = await router.dispatch(name, {});
      expect(r).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('refuses a malformed payload without calling the handler', async () => {
    let called = 0;
    const router = createRouter({
      'app:info': () => {
        called++;
        return info;
      },
    });
    for (const payload of [null, 1, 'x', [], { extra: true }]) {
      const r = await router.dispatch('app:info', payload);
      expect(r).toEqual({
        ok: false,
        error: { code: 'bad_request', params: { detail: expect.stringMatching(/not in the expected form/) } },
      });
      if (!r.ok) expect(outcomeText('en', r.error)).toMatch(/Nothing was changed/);
    }
    expect(called).toBe(0);
  });

  it('reports a thrown fault as an internal error without leaking its text', async () => {
    const logged: unknown[] = [];
    const router = createRouter(
      {
        'app:info': () => {
          throw new Error('secret token abc123 in stack');
        },
      },
      (_c, e) => logged.push(e),
    );
    const r = await router.dispatch('app:info', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(r)).not.toContain('abc123');
    expect(logged).toHaveLength(1);
  });

  it('passes a user-facing error through with its code and typed values', async () => {
    const router = createRouter({
      'app:info': () => {
        throw new UserFacingError('provider_rejected', { what: 'balance', said: 'bad token' });
      },
    });
    const r = await router.dispatch('app:info', {});
    expect(r).toEqual({ ok: false, error: { code: 'provider_rejected', params: { what: 'balance', said: 'bad token' } } });
    if (!r.ok) expect(outcomeText('en', r.error)).toContain('bad token');
  });

  it('refuses to hand the renderer an answer that breaks the contract', async () => {
    const router = createRouter({ 'app:info': () => ({ ...info, mode: 'test' }) as unknown as typeof info });
    expect(await router.dispatch('app:info', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
