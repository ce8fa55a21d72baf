import type { ChildContext } from './child-control';

/**
 * A demo recharge typed by keyboard in the app's window, up to its success card. It is sent to
 * the app's process as source (`inApp` passes `demoRechargeInWindow.toString()`, the child evals
 * it), so it may use nothing but its argument: no imports, no helpers of this process.
 */
export async function demoRechargeInWindow(ctx: ChildContext): Promise<void> {
  const page = await ctx.page();
  await page.getByLabel('Mobile number').click();
  await page.keyboard.type('9876545555');
  await page.keyboard.press('Enter');
  await page.keyboard.press('1');
  await page.keyboard.type('199');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /Recharge successful/ }).waitFor({ timeout: 15_000 });
}
