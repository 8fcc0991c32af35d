import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

test.describe('live map', () => {
  test('a device reporting over OsmAnd appears on the map and moves', async ({ page, request }) => {
    const uniqueId = `e2e${Date.now().toString(36)}`;
    const name = `E2E tracker ${uniqueId}`;
    const osmand = `http://127.0.0.1:${osmandPort}`;
    const report = async (lat: number, lon: number) => {
      const at = Math.floor(Date.now() / 1000);
      const response = await request.get(
        `${osmand}/?id=${uniqueId}&lat=${lat}&lon=${lon}&timestamp=${at}&speed=20&bearing=90`,
      );
      expect(response.ok(), await response.text()).toBeTruthy();
    };

    let deviceId = 0;
    await test.step('the admin creates a device over the API and it reports a first position', async () => {
      const token = await adminAccessToken(request);
      const created = await request.post('/api/devices', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name, uniqueId, category: 'car' },
      });
      expect(created.status(), await created.text()).toBe(200);
      deviceId = ((await created.json()) as { id: number }).id;
      await report(37.975, 23.735);
    });

    const marker = page.getByTestId(`device-marker-${deviceId}`);
    await test.step('the admin signs in and finds the device in the list and on the map', async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.getByLabel('Search devices').fill(uniqueId);
      await page.getByTestId(`device-row-${deviceId}`).click();
      await expect(page.getByRole('region', { name: `Status of ${name}` })).toBeVisible();
      await expect(marker).toBeVisible();
      await expect(marker).toHaveAttribute('data-lat', '37.975');
    });

    await test.step('a new position over the websocket moves the marker', async () => {
      await report(37.98, 23.74);
      await expect(marker).toHaveAttribute('data-lat', '37.98');
      await expect(marker).toHaveAttribute('data-lon', '23.74');
    });
  });
});
