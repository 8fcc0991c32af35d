import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';
import { navigateInApp, requestTracker } from './support/navigate';

/** The main pages of the user area, each kept as a screenshot (CI uploads test-results/screenshots). */
const PAGES = [
  'home',
  'devices',
  'radar',
  'replay',
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
  const requests = requestTracker(page);
  for (const path of PAGES) {
    requests.moved();
    await navigateInApp(page, `/${path}`);
    await expect(page).toHaveURL(new RegExp(`/${path}`)); // not sent away to /login or /auth/404
    await expect(page.locator('main')).toBeVisible();
    await requests.settled(); // lazy chunks, first queries
    await page.screenshot({ path: `${dir}/${path.replaceAll('/', '-')}.png`, fullPage: true });
  }
});

test('the map and the device list on a phone-sized screen', async ({ page }) => {
  const dir = 'test-results/screenshots';
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await openLogin(page);
  await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/home$/);
  const requests = requestTracker(page);
  for (const path of ['home', 'devices', 'settings/preferences']) {
    requests.moved();
    await navigateInApp(page, `/${path}`);
    await expect(page.locator('main')).toBeVisible();
    await requests.settled();
    if (path === 'home') {
      // the map keeps a usable height under the device list
      expect((await page.getByTestId('live-map').boundingBox())?.height ?? 0).toBeGreaterThan(300);
    }
    // nothing wider than the screen: no sideways scrolling on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${dir}/phone-${path.replaceAll('/', '-')}.png`, fullPage: true });
  }
});
