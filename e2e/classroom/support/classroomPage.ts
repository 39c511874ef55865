/**
 * A page object for the classroom in Chromium: signing in through the real sign-in pages,
 * screenshots in both languages and sizes, and axe-core checks.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../../test-support/shared';

export const screenshotDir = join(repoRoot, 'reports', 'screenshots', 'classroom');

export interface Account {
  readonly username: string;
  readonly password: string;
}

/** The demo school administrator (SEED_DEMO=true). */
export const DEMO_ADMIN: Account = { username: 'admin@demo.dotink.dev', password: 'dotink-demo' };
/** The demo school's authentication code (office + type + school code). */
export const DEMO_SCHOOL = { name: '도트잉크 초등학교', code: 'B1007010001' } as const;

export class ClassroomPage {
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    page.on('pageerror', (e) => this.errors.push(e.message));
  }

  testId(id: string) {
    return this.page.getByTestId(id);
  }

  async goto(path: string, lang = 'en'): Promise<void> {
    const sep = path.includes('?') ? '&' : '?';
    await this.page.goto(`${this.origin}${path}${sep}lang=${lang}`);
  }

  /** From the landing page through the chooser and the sign-in form, back in the app. */
  async signIn(account: Account, lang = 'en'): Promise<void> {
    await this.goto('/login', lang);
    await this.testId('login-provider').click();
    await this.page.waitForURL(/\/interaction\//, { timeout: 20_000 });
    const chooser = this.page.getByRole('link', { name: 'Sign in with a dotink account' });
    if (await chooser.isVisible().catch(() => false)) await chooser.click();
    await this.page.locator('#username').fill(account.username);
    await this.page.locator('#password').fill(account.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/main/'), { timeout: 30_000 });
  }

  /** Signs up a new teacher on the server's sign-up page (from the chooser). */
  async signUp(name: string, email: string, password: string): Promise<void> {
    await this.goto('/login');
    await this.testId('login-provider').click();
    await this.page.waitForURL(/\/interaction\//, { timeout: 20_000 });
    const chooser = this.page.getByRole('link', { name: 'Sign in with a dotink account' });
    if (await chooser.isVisible().catch(() => false)) await chooser.click();
    await this.page.getByRole('link', { name: 'Create an account' }).click();
    await this.page.locator('#name').fill(name);
    await this.page.locator('#email').fill(email);
    await this.page.locator('#password').fill(password);
    await this.page.locator('#confirm').fill(password);
    await this.page.locator('form button[type=submit]').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/main'), { timeout: 30_000 });
  }

  /** Screenshots of the current screen in ko and en at 1280 × 800 and 390 × 844. */
  async shots(name: string, reload: () => Promise<void>): Promise<void> {
    mkdirSync(screenshotDir, { recursive: true });
    const original = this.page.viewportSize();
    for (const lang of ['ko', 'en']) {
      const url = new URL(this.page.url());
      url.searchParams.set('lang', lang);
      await this.page.goto(url.href);
      await reload();
      for (const [w, h] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        await this.page.setViewportSize({ width: w, height: h });
        await this.page.waitForTimeout(150);
        await this.page.screenshot({ path: join(screenshotDir, `${name}-${lang}-${w}x${h}.png`) });
      }
    }
    if (original) await this.page.setViewportSize(original);
  }

  /** axe-core violations of impact serious or critical on the current page. */
  async seriousViolations(): Promise<string[]> {
    const result = await new AxeBuilder({ page: this.page as never }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')})`);
  }

  async toastTexts(): Promise<string[]> {
    return this.testId('toast').allTextContents();
  }
}
