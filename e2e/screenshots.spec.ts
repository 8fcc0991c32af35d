import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

/** The main pages of the user area, each kept as a screenshot (CI uploads test-results/screenshots). */
const PAGES = [
  'home',
  'devices',
  'radar',
  'command',
  'geofence',
  'alerts',
  'notifications',
  'groups',
  'drivers',
  'maintenance',
  'reminder',
  'settings/preferences',
  'user/subscription',
] as const;

test('screenshots of the main pages, signed in as the administrator', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = 'test-results/screenshots';
  mkdirSync(dir, { recursive: true });
  await openLogin(page);
  await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of PAGES) {
    await page.goto(`/${path}`);
    await expect(page).toHaveURL(new RegExp(`/${path}`)); // not sent away to /login or /auth/404
    await expect(page.locator('main')).toBeVisible();
    await page.waitForTimeout(800); // lazy chunks, first queries
    await page.screenshot({ path: `${dir}/${path.replaceAll('/', '-')}.png`, fullPage: true });
  }
});
