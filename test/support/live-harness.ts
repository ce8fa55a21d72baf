import { onTestFinished } from 'vitest';
import { startSandbox, type Sandbox, type StartOptions } from '../../src/sandbox';
import type { RequestOf } from '../../src/shared/ipc/contract';
import { openHarness, type TestHarness } from '../main/core/flow/harness-client';

/**
 * A sandbox for one test (call it in the test or in `beforeEach`), closed when the test has
 * finished: after `afterEach` has disposed the counters on it. Closing it in the test too is fine.
 */
export async function testSandbox(options: StartOptions = {}): Promise<Sandbox> {
  const sandbox = await startSandbox(options);
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= sandbox.close());
  onTestFinished(close);
  return { ...sandbox, close };
}

/** Saves the sandbox account (address, username, its token) on a counter, as the owner does in Settings. */
export async function saveSandboxAccount(h: TestHarness, sandbox: Sandbox): Promise<void> {
  await h.ok('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username, token: sandbox.credentials.token });
}

/**
 * A harness live on a sandbox account with its token saved. `settings` are applied first, while
 * still in demo (as a counter set up before the account is typed in); the weak token protection
 * of a test machine is accepted unless told otherwise.
 */
export async function openLiveHarness(
  sandbox: Sandbox,
  { settings, ...options }: Parameters<typeof openHarness>[0] & { settings?: RequestOf<'settings:update'> } = {},
): Promise<TestHarness> {
  const h = await openHarness({ acceptWeakTokenProtection: true, ...options });
  try {
    if (settings) await h.ok('settings:update', settings);
    await saveSandboxAccount(h, sandbox);
  } catch (e) {
    await h.dispose();
    throw e;
  }
  return h;
}
