import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

test.describe('geofence alert', () => {
  test('a circle drawn on the map, a web notification rule, and a device driving in raise an alert', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const deviceName = `E2E Courier ${id}`;
    const fenceName = `E2E Depot ${id}`;
    const uniqueId = `e2e-fence-${id}`;

    await test.step('the admin registers a device over the API', async () => {
      const token = await adminAccessToken(request);
      const response = await request.post('/api/devices', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: deviceName, uniqueId },
      });
      expect(response.status(), await response.text()).toBe(200);
    });

    await test.step('the admin signs in', async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
    });

    let centre: [number, number] = [0, 0];
    await test.step('draws a circle geofence with geoman and saves it', async () => {
      await page.goto('/geofence?lat=48.85&lon=2.35');
      const map = page.getByTestId('geofence-map');
      await expect(map).toBeVisible();
      await page.locator('.leaflet-pm-icon-circle').first().click();
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no size');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.click(x, y);
      await page.mouse.move(x + 40, y, { steps: 5 });
      await page.mouse.move(x + 80, y, { steps: 5 });
      await page.mouse.click(x + 80, y);

      const area = page.getByLabel('Area');
      await expect(area).toHaveValue(/^CIRCLE \(-?\d+(\.\d+)? -?\d+(\.\d+)?, \d+(\.\d+)?\)$/);
      const match = /^CIRCLE \((\S+) (\S+),/.exec(await area.inputValue());
      centre = [Number(match?.[1]), Number(match?.[2])];
      await page.getByLabel('Name').fill(fenceName);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved').first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Saved geofences' }).getByText(fenceName)).toBeVisible();
    });

    await test.step('links the device to the geofence', async () => {
      await page.getByRole('combobox', { name: 'Link a device' }).click();
      await page.getByRole('option', { name: deviceName }).click();
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      await expect(page.getByText('Device linked to the geofence')).toBeVisible();
      await expect(page.getByRole('button', { name: `Unlink ${deviceName}` })).toBeVisible();
    });

    await test.step('creates a geofenceEnter notification on the web channel', async () => {
      await page.goto('/notifications');
      await page.getByRole('button', { name: 'New notification' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Event type').click();
      await page.getByRole('option', { name: 'Geofence entered' }).click();
      await dialog.getByLabel('Description').fill(`Arrivals ${id}`);
      await expect(dialog.getByRole('checkbox', { name: 'Web', exact: true })).toBeChecked();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved').first()).toBeVisible();
      await expect(page.getByTestId('notification-row').filter({ hasText: `Arrivals ${id}` })).toBeVisible();
    });

    await test.step('the device reports over OsmAnd from outside, then inside the circle', async () => {
      await page.goto('/alerts');
      await expect(page.getByText('Live alerts')).toBeVisible();
      const start = Date.now() - 60_000;
      const track = [centre[0] + 0.02, centre[0] + 0.01, centre[0]];
      for (const [i, lat] of track.entries()) {
        const at = Math.floor((start + i * 10_000) / 1000);
        const response = await request.get(
          `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=${lat}&lon=${centre[1]}&timestamp=${at}&speed=15`,
        );
        expect(response.status()).toBe(200);
      }
    });

    await test.step('the alert appears live, then in the alerts of today', async () => {
      const rows = page
        .getByTestId('alert-row')
        .filter({ hasText: deviceName })
        .filter({ hasText: 'Geofence entered' });
      await expect(rows.first()).toBeVisible({ timeout: 20_000 });
      // each try reloads the page: on a busy CI machine a reload and its queries take several seconds
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('count-geofenceEnter')).toBeVisible({ timeout: 10_000 });
      }).toPass({ timeout: 45_000 });
      await rows.first().getByRole('link', { name: 'Details' }).click();
      await expect(page).toHaveURL(/\/alerts\/details\?id=\d+$/);
      await expect(page.getByTestId('alert-device')).toHaveText(deviceName);
      await expect(page.getByTestId('alert-geofence')).toHaveText(fenceName);
    });
  });
});
