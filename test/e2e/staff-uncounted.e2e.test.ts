import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/harness/start-harness';
import { openE2E, type E2ESession } from '../support/e2e-session';

// Issue 38 item 2: staff see no amounts of a day whose count is not recorded, in a report of many
// days too; the screen says why in their language, and after the count the report opens.
let e2e: E2ESession;
let harness: Harness;
const dispatch = (...args: Parameters<Harness['core']['router']['dispatch']>) => harness.core.router.dispatch(...args);
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

beforeAll(async () => {
  e2e = await openE2E('staff-uncounted');
  harness = e2e.harness;
  await dispatch('recharge:submit', { number: '9811105555', operator: 'JIO', amount: 239 });
  await dispatch('lock:setPin', { pin: '2468' });
  await dispatch('lock:lock', {});
});
afterAll(() => e2e?.close());

async function lastSevenDays(lang: 'en' | 'hi') {
  await dispatch('settings:update', { language: lang });
  const opened = await e2e.open({ width: 1024, height: 768 });
  const { page } = opened;
  await page
    .getByRole('navigation')
    .getByRole('button', { name: lang === 'en' ? 'Reports' : 'रिपोर्ट', exact: true })
    .click();
  await page.getByRole('button', { name: lang === 'en' ? 'Last 7 days' : 'पिछले 7 दिन' }).click();
  return opened;
}

describe("staff's report of many days before the count", () => {
  it('says to count today first, in English and Hindi, shows no total, and opens once counted', async () => {
    const en = await lastSevenDays('en');
    await en.page.getByText(/record it first: that day's money is shown after the count/).waitFor();
    expect(await en.page.locator('.report-totals').count()).toBe(0);
    expect(await en.page.getByText('₹239.00').count()).toBe(0);
    await en.page.screenshot({ path: '/tmp/i38-staff-week-en.png' });
    // History's details: the commission waits for the count, and says so.
    await en.page.getByRole('navigation').getByRole('button', { name: 'History', exact: true }).click();
    await en.page.getByRole('list', { name: /./ }).getByRole('listitem').first().click();
    const details = en.page.getByRole('complementary', { name: /98111 05555/ });
    await details.getByText('After the day’s count').waitFor();
    await en.page.screenshot({ path: '/tmp/i38-staff-history-en.png' });
    expect(en.problems).toEqual([]);
    await en.page.close();

    const hi = await lastSevenDays('hi');
    await hi.page.getByText(/उस दिन का हिसाब गिनती के बाद दिखेगा/).waitFor();
    expect(await hi.page.locator('.report-totals').count()).toBe(0);
    await hi.page.screenshot({ path: '/tmp/i38-staff-week-hi.png' });
    // The day to count is right there: counted, the week's report opens to staff.
    const panel = hi.page.locator('.close-day');
    await panel.locator('.close-day-form input').first().fill('239');
    await panel.getByRole('button', { name: 'दिन बंद करें' }).click();
    await hi.page.locator('.report-totals').waitFor();
    expect(await dispatch('dayclose:list', {})).toMatchObject({ ok: true, data: { items: [{ date: today(), counted: 23900 }] } });
    await hi.page.screenshot({ path: '/tmp/i38-staff-week-counted-hi.png' });
    expect(hi.problems).toEqual([]);
    await hi.page.close();
    await dispatch('settings:update', { language: 'en' });
  });
});
