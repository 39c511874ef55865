/**
 * Signs the board in through the real server's pages in Chromium: the board's "Sign in" button
 * → the account chooser → "Sign in with a dotink account" → the sign-in form → back on the board
 * with the account name shown.
 */
import type { Page } from 'playwright-core';

/** The demo school administrator (SEED_DEMO=true; apps/server/src/seed/demo.ts). */
export const DEMO_ACCOUNT = { username: 'admin@demo.dotink.dev', password: 'dotink-demo' } as const;

export async function signInOnBoard(
  page: Page,
  account: { readonly username: string; readonly password: string } = DEMO_ACCOUNT,
): Promise<string> {
  await page.getByTestId('sign-in').click();
  await page.waitForURL(/\/interaction\//, { timeout: 20_000 });
  const chooser = page.getByRole('link', { name: 'Sign in with a dotink account' });
  if (await chooser.isVisible().catch(() => false)) await chooser.click();
  await page.locator('#username').fill(account.username);
  await page.locator('#password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const name = page.getByTestId('account-name');
  await name.waitFor({ timeout: 20_000 });
  // the board opened anew on its own address: its notice may show (as on any first visit)
  const notice = page.getByTestId('notice-close');
  if (await notice.isVisible().catch(() => false)) await notice.click();
  return (await name.textContent()) ?? '';
}
