import type { Sandbox } from '../../src/sandbox';
import type { RequestOf } from '../../src/shared/ipc/contract';
import { openHarness, type TestHarness } from '../main/core/flow/harness-client';

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
