import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;
const DAYS = 8;

// days are read in the browser's time zone: UTC, like the readings below
test.use({ timezoneId: 'UTC' });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('pet reports', () => {
  test('a pet collar’s week shows as activity, wellness, sleep, places and a PDF for the vet', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `E2E Rex ${id}`;
    const uniqueId = `e2e-pet-${id}`;
    let deviceId = 0;

    await test.step('the admin registers a pet tracker', async () => {
      const token = await adminAccessToken(request);
      const response = await request.post('/api/devices', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name, uniqueId, category: 'animal' },
      });
      expect(response.status(), await response.text()).toBe(200);
      deviceId = (await response.json()).id;
    });

    await test.step('its collar reports 8 days over OsmAnd: calm every 15 minutes, a walk 07:00-07:30', async () => {
      for (let d = DAYS; d >= 1; d--) {
        const midnight = Date.parse(`${day(-d)}T00:00:00Z`);
        let steps = 0;
        const minutes = [
          ...Array.from({ length: 28 }, (_, i) => i * 15),
          ...Array.from({ length: 30 }, (_, i) => 420 + i),
          ...Array.from({ length: 66 }, (_, i) => 450 + i * 15),
        ];
        for (const m of minutes) {
          const walking = m >= 420 && m < 450;
          if (walking) steps += 100;
          const lat = (walking ? 48.8612 : 48.85) + (m % 7) / 1e5;
          const params = new URLSearchParams({
            id: uniqueId,
            lat: lat.toFixed(6),
            lon: (walking ? 2.3622 : 2.35).toFixed(6),
            timestamp: String((midnight + m * 60_000) / 1000),
            batt: String(90 - d),
            steps: String(steps),
            motion: String(walking),
            heartRate: walking ? '125' : '64',
          });
          const response = await request.get(`http://127.0.0.1:${osmandPort}/?${params}`);
          expect(response.status()).toBe(200);
        }
      }
    });

    const search = `?deviceId=${deviceId}&view=week&date=${day(-1)}`;

    await test.step('the admin signs in', async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
    });

    await test.step('activity: 30 active minutes and 3,000 steps a day', async () => {
      await page.goto(`/report/pets/activity-only${search}`);
      await expect(page.getByRole('heading', { name: 'Pet activity' })).toBeVisible();
      // the last reading stored may trail behind: wait for the whole week
      // (each try reloads the page: on a busy CI machine a reload and its queries take several seconds)
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('group', { name: 'Steps', exact: true })).toContainText('3,000', {
          timeout: 10_000,
        });
      }).toPass({ timeout: 90_000 });
      await expect(page.getByRole('group', { name: 'Active minutes', exact: true })).toContainText('30 min');
      await expect(page.getByText('0 of 7 days')).toBeVisible();
    });

    await test.step('the profile sets a goal the pet meets', async () => {
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByLabel('Breed').fill('Beagle');
      await page.getByLabel('Daily active minutes goal').fill('25');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile saved')).toBeVisible();
      await expect(page.getByText('7 of 7 days')).toBeVisible();
    });

    await test.step('wellness: a score against its own baseline', async () => {
      await page.getByRole('tab', { name: 'Wellness' }).click();
      await expect(page).toHaveURL(/\/report\/pets\/wellness\?deviceId=/);
      await expect(page.getByLabel('Wellness score')).toHaveText('100', { timeout: 30_000 });
      await expect(page.getByText('As usual')).toBeVisible();
      await expect(page.getByText(/baseline of 1 earlier days/)).toBeVisible();
    });

    await test.step('sleep: nights and naps in hours', async () => {
      await page.goto(`/report/pets/sleep${search}`);
      await expect(page.getByRole('group', { name: 'Night sleep', exact: true })).toContainText(/\d+ h \d+ min/, {
        timeout: 30_000,
      });
      await expect(page.getByRole('group', { name: 'Naps', exact: true })).toContainText(/\d+ h \d+ min/);
      await expect(page.getByRole('cell', { name: 'night' }).first()).toBeVisible();
    });

    await test.step('location history: home and the park on the heat map', async () => {
      await page.goto(`/report/pets/location-history${search}`);
      await expect(page.getByTestId('pet-places-map')).toBeVisible({ timeout: 30_000 });
      const places = page.getByRole('table', { name: 'Visited places' });
      await expect(places.getByText(/^A · 48\.85/)).toBeVisible();
      await expect(places.getByText(/^B · 48\.86/)).toBeVisible();
    });

    await test.step('comprehensive: everything, and the PDF downloads', async () => {
      await page.goto(`/report/pets/comprehensive${search}`);
      // every report of the week at once: on a busy CI machine it has taken longer than the default 10 s
      await expect(page.getByLabel('Wellness score')).toHaveText('100', { timeout: 30_000 });
      await expect(page.getByRole('group', { name: 'Steps', exact: true })).toContainText('3,000');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF for the vet' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`${day(-7)}-${day(-1)}\\.pdf$`));
      const file = readFileSync((await download.path()) as string);
      expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
