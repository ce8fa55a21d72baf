import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter } from '../support/counter-keys';

// Issue 40 item 4: the header's "Details" box lay open over the menu and blocked its clicks.
let e2e: E2ESession;

beforeAll(async () => {
  e2e = await openE2E('details-closes');
});
afterAll(() => e2e?.close());

describe('the header’s details box', () => {
  it('closes on Escape, and on a click outside so the menu under it answers', async () => {
    const { page, problems } = await openCounter(e2e);
    const details = page.locator('details.balance-details');
    await details.locator('summary').click();
    await expect.poll(() => details.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Escape');
    await expect.poll(() => details.getAttribute('open')).toBeNull();
    await details.locator('summary').click();
    await page.getByRole('navigation').getByRole('button', { name: 'History' }).click();
    await expect.poll(() => details.getAttribute('open')).toBeNull();
    await expect.poll(() => page.locator('[aria-current="page"]').textContent()).toBe('History');
    expect(problems).toEqual([]);
  });
});
