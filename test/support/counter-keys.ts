import type { Page } from 'playwright-core';
import type { E2ESession } from './e2e-session';

/** A new window at 1024×768, once the counter's number field is on screen (in either language). */
export async function openCounter(e2e: E2ESession): Promise<{ page: Page; problems: string[] }> {
  const opened = await e2e.open({ width: 1024, height: 768 });
  await opened.page.locator('#recharge-number').waitFor();
  return opened;
}

/** The amount, Enter, and Enter again once the confirmation is on screen (an Enter before it must not send). */
export async function amountAndConfirm(page: Page, amount: string): Promise<void> {
  await page.keyboard.type(amount);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Enter');
}

/** The number, Enter, the operator's key, the amount, Enter: the confirmation is on screen, nothing sent yet. */
export async function upToConfirmation(page: Page, number: string, amount: string, operatorKey = '1'): Promise<void> {
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await page.keyboard.press(operatorKey);
  await page.keyboard.type(amount);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
}

/**
 * A recharge typed the way a shopkeeper does, from the number box: the number, Enter, the
 * operator's key (none when the counter already has the operator), then the amount and the
 * confirmation. Returns the keys pressed beyond the digits.
 */
export async function rechargeByKeyboard(
  page: Page,
  { number, amount, operatorKey = '1' }: { number: string; amount: string; operatorKey?: string | null },
): Promise<number> {
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  if (operatorKey) await page.keyboard.press(operatorKey);
  await amountAndConfirm(page, amount);
  return operatorKey ? 4 : 3;
}

/** Waits for the result card's heading, e.g. /Recharge successful/ (Playwright's own timeout unless told). */
export async function resultCard(page: Page, heading: RegExp, timeout?: number): Promise<void> {
  await page.getByRole('heading', { name: heading }).waitFor({ timeout });
}
