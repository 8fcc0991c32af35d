import { expect, test } from '@playwright/test';
import { createUserWithFlags, signInThroughPage, uniqueUser } from './support/auth';

test('a user without a flag neither sees nor reaches its pages', async ({ page, request }) => {
  const user = uniqueUser();
  await createUserWithFlags(request, user, ['VIEW_DEVICES']);
  await signInThroughPage(page, user);
  const nav = page.getByRole('navigation');

  await test.step('the navigation offers what the flags allow, nothing else', async () => {
    await expect(nav.getByRole('link', { name: 'Devices' })).toBeVisible();
    for (const name of [
      'Groups',
      'Drivers',
      'Commands',
      'Saved commands',
      'Geofences',
      'Alerts',
      'Notifications',
      'Calendars',
      'Computed attributes',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });

  await test.step('a page it holds the flag of renders', async () => {
    await page.goto('/devices');
    await expect(page.getByRole('heading', { name: 'Devices', level: 2 })).toBeVisible();
  });

  await test.step('typing the address of a guarded page renders nothing of it', async () => {
    for (const [path, heading] of [
      ['/groups', 'Groups'],
      ['/command', 'Send a command'],
      ['/geofence', 'Geofences'],
      ['/commands/saved', 'Saved commands'],
      ['/attributes/computed', 'Computed attributes'],
      ['/calendars', 'Calendars'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForTimeout(300);
      await expect(page.getByRole('heading', { name: heading })).toHaveCount(0);
    }
  });
});
