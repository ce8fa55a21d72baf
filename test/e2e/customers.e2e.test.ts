import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { contract, type RequestOf } from '../../src/shared/ipc/contract';
import { customerChannels } from '../../src/shared/customer-schemas';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';

let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

const NUMBER = '9876515555'; // the practice provider answers Success for numbers ending 5555

beforeAll(async () => {
  e2e = await openE2E('customers');
  harness = e2e.harness;
  ({ page, problems } = await e2e.open());
  await page.getByLabel('Mobile number').waitFor();
});

afterAll(() => e2e?.close());

const nav = (name: string) => page.getByRole('navigation', { name: /Main sections|मुख्य भाग/ }).getByRole('button', { name, exact: true });
/** The core's own answer to a channel, read with the contract's schema as the screen reads it. */
async function ask<C extends 'txn:history' | 'customer:get' | 'customer:validity'>(channel: C, request: RequestOf<C>) {
  const r = await harness.core.router.dispatch(channel, request);
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`);
  return r.data;
}
const recharges = async () => contract.channels['txn:history'].response.parse(await ask('txn:history', { limit: 500 })).items.length;
const customer = async () => customerChannels.get.response.parse(await ask('customer:get', { number: NUMBER })).customer;
const dueRow = () => page.locator('.due-row').filter({ hasText: 'Ramesh Kumar' });

describe('the customer book in Chromium', () => {
  it('sets a shorter validity for ₹199, refusing one out of range in words and changing nothing', async () => {
    await nav('Customers').click();
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
    await page.getByText('Nobody is due this week.').waitFor();
    await page.getByLabel('Amount (₹)').fill('199');
    await page.getByLabel('Days (1 to 365)').fill('400');
    await page.getByRole('button', { name: 'Set validity' }).click();
    await page.getByRole('alert').getByText('Validity is 1 to 365 days. Nothing was changed.').waitFor();
    expect(await page.locator('.validity-list').count()).toBe(0);
    await snap(page, 'customers-01-validity-refused');
    await page.getByLabel('Days (1 to 365)').fill('1');
    await page.getByRole('button', { name: 'Set validity' }).click();
    await page
      .locator('.validity-list')
      .getByText(/· 1 day(?!s)/)
      .waitFor();
    expect(await ask('customer:validity', {})).toEqual({ defaultDays: 28, items: [{ amount: 19900, days: 1 }] });
  });

  it('names a customer; a name too long or with a control character is refused and nothing is saved', async () => {
    await page.getByLabel('Find a customer').fill('98765 15555');
    await page.getByRole('button', { name: /Open\s+98765 15555/ }).click();
    const name = page.locator('#customer-name');
    await name.fill('R'.repeat(61));
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page.getByRole('alert').getByText('Keep the name under 60 letters. Nothing was saved.').waitFor();
    await name.fill('Ramesh\u0007 Kumar');
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page
      .getByRole('alert')
      .getByText(/hidden control character/)
      .waitFor();
    expect(await customer()).toBeNull();
    await name.fill('Ramesh Kumar');
    await page.getByLabel('Circle').selectOption('UE');
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await customer()).toMatchObject({
      name: 'Ramesh Kumar',
      circle: 'UE',
    });
    await snap(page, 'customers-02-named');
  });

  it('after a ₹199 recharge (validity 1 day) the customer is on the due list; Enter fills the counter and sends nothing', async () => {
    await nav('Recharge').click();
    await page.getByLabel('Mobile number').waitFor();
    await page.keyboard.type(NUMBER);
    // The counter says whose number it is.
    await page.locator('.customer-line').getByText('Ramesh Kumar').waitFor();
    await rechargeByKeyboard(page, { number: '', amount: '199' }); // the number is typed already
    await resultCard(page, /Recharge successful/, 10_000);
    const sent = await recharges();
    expect(sent).toBe(1);

    await nav('Customers').click();
    await dueRow().waitFor();
    const row = await dueRow().textContent();
    expect(row).toContain('98765 15555');
    expect(row).toContain('Repeat ₹199.00');
    expect(await page.getByRole('list', { name: 'Due this week' }).locator('.due-row').count()).toBe(1);
    // The name is the shopkeeper's text: the browser must not translate it.
    expect(await dueRow().locator('.customer-name').getAttribute('translate')).toBe('no');
    await snap(page, 'customers-03-due-list');
    // One key: the first regular to call has the keyboard.
    await expect.poll(() => dueRow().evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByLabel('Mobile number').waitFor();
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(NUMBER);
    expect(await page.locator('#recharge-amount').inputValue()).toBe('199');
    expect(await page.getByRole('radio', { name: /Jio/ }).getAttribute('aria-checked')).toBe('true');
    // Filled, not sent: the shopkeeper still confirms.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await recharges()).toBe(sent);
    await snap(page, 'customers-04-repeat-filled');
  });

  it('typing a name on the counter offers the customer’s number; Enter takes it', async () => {
    await page.getByLabel('Mobile number').fill('');
    await page.getByLabel('Mobile number').focus();
    await page.keyboard.type('ram ku');
    const offer = page.locator('.name-matches').getByRole('button', { name: /Ramesh Kumar\s+98765 15555/ });
    await offer.waitFor();
    await snap(page, 'customers-05-counter-name');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe(NUMBER);
    expect(await page.locator('#recharge-amount').inputValue()).toBe('199');
    // A name nobody has says so.
    await page.getByLabel('Mobile number').fill('Zzz');
    await page.getByText('No customer has this name. Type the number instead.').waitFor();
    await page.getByLabel('Mobile number').fill('');
    expect(await recharges()).toBe(1);
  });

  it('finds the customer by name in history', async () => {
    await nav('History').click();
    await page.getByRole('searchbox').fill('kumar');
    await expect.poll(() => page.getByRole('list', { name: /Transactions/ }).textContent()).toContain('98765 15555');
    await page.getByRole('searchbox').fill('suresh');
    await page.getByText('No transactions match.').waitFor();
    await page.getByRole('searchbox').fill('Ramesh');
    await expect.poll(() => page.getByRole('list', { name: /Transactions/ }).textContent()).toContain('98765 15555');
    // The row says whose number it is, as written.
    const row = page.getByRole('listitem').filter({ hasText: '98765 15555' });
    await row.locator('.customer-name').getByText('Ramesh Kumar').waitFor();
    expect(await row.locator('.customer-name').getAttribute('translate')).toBe('no');
    await snap(page, 'customers-06-history-by-name');
  });

  it('works in Hindi, with the name left as written', async () => {
    await page.getByLabel('Language').selectOption('hi');
    await nav('ग्राहक').click();
    await page.getByRole('heading', { name: 'ग्राहक', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'जिन्हें फ़ोन करना है' }).waitFor();
    expect(await dueRow().textContent()).toContain('फिर से ₹199.00');
    await page.getByLabel('ग्राहक ढूँढें').fill('ramesh');
    await page
      .locator('.customer-matches')
      .getByRole('button', { name: /Ramesh Kumar/ })
      .click();
    await page.getByText('पिछले रिचार्ज').waitFor();
    await page.locator('#validity-days').fill('0');
    await page.locator('#validity-amount').fill('199');
    await page.getByRole('button', { name: 'वैधता रखें' }).click();
    await page.getByRole('alert').getByText('वैधता 1 से 365 दिन होनी चाहिए। कुछ नहीं बदला गया।').waitFor();
    await snap(page, 'customers-07-hindi');
    await nav('रिचार्ज').click();
    await page.getByLabel('मोबाइल नंबर').waitFor();
    await page.getByLabel('मोबाइल नंबर').focus();
    await page.keyboard.type('Ramesh');
    await page.locator('.name-matches').getByText('Ramesh Kumar').waitFor();
    await snap(page, 'customers-08-hindi-counter');
    await page.getByLabel('मोबाइल नंबर').fill('');
    await page.getByLabel('भाषा').selectOption('en');
    expect(problems).toEqual([]);
  });
});
