import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import hashText from '../../src/shared/profiles/builtin/hash-text.json';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';

// Issue 28 item 4: the owner picks or imports the provider's profile in Settings; an import shows
// how its samples read before it is accepted, and a bad one is refused with the reason.
let e2e: E2ESession;
beforeAll(async () => {
  e2e = await openE2E('provider-profile');
});
afterAll(() => e2e?.close());

const profileFile = (edit: (p: Record<string, unknown>) => void = () => {}) => {
  const p = { ...structuredClone(hashText), id: 'my-provider', name: 'My Provider' } as Record<string, unknown>;
  edit(p);
  return { name: 'my-provider.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(p)) };
};

describe('Settings → Provider profile', () => {
  it('a profile that would call silence a failure is refused; a good one is previewed, then used', async () => {
    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    await page
      .getByRole('link', { name: 'Settings' })
      .or(page.getByRole('button', { name: 'Settings' }))
      .first()
      .click();
    const card = page.locator('section.settings-card', { has: page.getByRole('heading', { name: 'Provider profile' }) });
    await expect.poll(() => card.textContent()).toContain('Reseller API (the document)');

    const bad = profileFile((p) => {
      const calls = p['calls'] as { status: { rules: unknown[] } };
      calls.status.rules.push({ when: [{ field: 'status', is: 'absent' }], means: 'Failure' });
    });
    await card.locator('input[type=file]').setInputFiles(bad);
    await expect
      .poll(() => card.getByRole('alert').textContent())
      .toMatch(
        /not accepted: rule \d+ of the status call closes a recharge without an exact word or number in the provider's status, result or error code;.* would close the recharge on a reply that says nothing \(“nginx-502”, a timeout or error page\)/,
      );
    await snap(page, 'provider-profile-01-refused');

    await card.locator('input[type=file]').setInputFiles(profileFile());
    const preview = card.getByRole('region', { name: /My Provider \(version 1\)/ });
    await preview.waitFor();
    await expect.poll(() => preview.getByRole('row').count()).toBe(11);
    expect(await preview.textContent()).toContain('Not carried out (may send again)');
    await snap(page, 'provider-profile-02-preview');
    await preview.getByRole('button', { name: 'Use this profile' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('now read with My Provider');
    await snap(page, 'provider-profile-02b-used');
    expect(await card.locator('#profile-pick').inputValue()).toBe('my-provider');
    const saved = JSON.parse(readFileSync(join(e2e.dataDir, 'settings.json'), 'utf8')) as { provider: { profile: string } };
    expect(saved.provider.profile).toBe('my-provider');

    await page.getByLabel('Language').first().selectOption('hi');
    await page.getByRole('heading', { name: 'प्रोवाइडर प्रोफ़ाइल' }).waitFor();
    await snap(page, 'provider-profile-03-hindi');
    expect(problems).toEqual([]);
  });
});
