import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { startSandbox, type Sandbox } from '../../src/sandbox';

// Issue 36 items 6 and 7 on screen: a provider that allows one balance read every 10 minutes, and
// has no complaint call, only a helpline. Its profile is imported the way the owner imports one.
let e2e: E2ESession;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ balance: 5000 });
  e2e = await openE2E('provider-limits', { acceptWeakTokenProtection: true });
});
afterAll(async () => {
  await e2e?.close();
  await sandbox?.close();
});

const dispatch = (channel: string, payload: unknown) => e2e.harness.core.router.dispatch(channel as never, payload as never);

/** The limited fixture, without its complaint call: a provider that takes complaints by phone. */
function carefulProfile(): string {
  const p = JSON.parse(readFileSync(new URL('../fixtures/profiles/limited-v2.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const calls = p['calls'] as Record<string, unknown>;
  delete calls['complaint'];
  p['samples'] = (p['samples'] as { call: string }[]).filter((s) => s.call !== 'complaint');
  const noExtras = JSON.parse(readFileSync(new URL('../fixtures/profiles/no-extras-v2.json', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
  return JSON.stringify({ ...p, id: 'careful-doc', name: 'Careful Provider', complaintsBy: noExtras['complaintsBy'] });
}

describe("the provider's limits and missing calls, on screen", () => {
  it('a held-back balance read says why, and a transaction has the helpline line instead of a complaint button, in English and Hindi', async () => {
    expect(await dispatch('profile:use', { text: carefulProfile() })).toMatchObject({ ok: true });
    expect(
      await dispatch('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username, token: sandbox.credentials.token }),
    ).toMatchObject({ ok: true });
    const sent = (await dispatch('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 })) as { ok: boolean };
    expect(sent.ok).toBe(true);

    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    const header = page.locator('header');
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    const note = page.getByTestId('balance-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      /^Balance as read at .+: this provider allows one balance read every 10 minutes\. The next read goes at /,
    );
    expect(await header.textContent()).not.toMatch(/Refused/i);
    await snap(page, 'provider-limits-01-balance-held');

    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').first().click();
    const line = page.getByTestId('complaints-by');
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      /This provider takes no complaints through the app\. Call the provider's helpline on 1800 000 000/,
    );
    expect(await page.getByRole('button', { name: 'Raise complaint' }).count()).toBe(0);
    await snap(page, 'provider-limits-02-complaints-by');
    expect(problems).toEqual([]);

    await dispatch('settings:update', { language: 'hi' });
    await page.reload();
    await page.getByRole('button', { name: 'बैलेंस ताज़ा करें' }).click();
    await expect.poll(() => page.getByTestId('balance-note').textContent()).toMatch(/यह प्रोवाइडर हर 10 मिनट में एक बार ही बैलेंस पढ़ने देता है/);
    await snap(page, 'provider-limits-03-balance-held-hindi');
    await page.getByRole('navigation').getByRole('button').filter({ hasText: 'इतिहास' }).first().click();
    await page
      .getByRole('list')
      .filter({ has: page.getByRole('listitem') })
      .getByRole('listitem')
      .filter({ hasText: '98765 45555' })
      .first()
      .click();
    await expect
      .poll(() => page.getByTestId('complaints-by').textContent())
      .toMatch(/यह प्रोवाइडर ऐप से शिकायत नहीं लेता। रेफ़ के साथ प्रोवाइडर की हेल्पलाइन/);
    expect(await page.getByRole('button', { name: 'शिकायत करें' }).count()).toBe(0);
    await snap(page, 'provider-limits-04-complaints-by-hindi');
  }, 60_000);
});
