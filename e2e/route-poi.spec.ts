import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

test.describe('planned routes and points of interest', () => {
  test('a route and a POI saved over the API show on their pages; leaving the corridor raises an alert', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const deviceName = `E2E Van ${id}`;
    const routeName = `E2E Round ${id}`;
    const poiName = `E2E Fuel ${id}`;
    const uniqueId = `e2e-route-${id}`;
    // a line running east along latitude 48.85; the corridor is 200 m wide (100 m either side)
    const lat = 48.85;

    await test.step('the admin registers a device, plans a route for it and places a POI over the API', async () => {
      const headers = { Authorization: `Bearer ${await adminAccessToken(request)}` };
      const device = await request.post('/api/devices', { headers, data: { name: deviceName, uniqueId } });
      expect(device.status(), await device.text()).toBe(200);
      const route = await request.post('/api/v2/routes', {
        headers,
        data: {
          name: routeName,
          area: `LINESTRING (${lat} 2.30, ${lat} 2.40)`,
          width: 200,
          deviceIds: [(await device.json()).id],
        },
      });
      expect(route.status(), await route.text()).toBe(200);
      const poi = await request.post('/api/v2/pois', {
        headers,
        data: { name: poiName, category: 'fuel', latitude: lat + 0.001, longitude: 2.35 },
      });
      expect(poi.status(), await poi.text()).toBe(200);
    });

    await test.step('the admin signs in', async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
    });

    await test.step('the route is listed and drawn as a corridor on its page', async () => {
      await page.goto('/route');
      const list = page.getByRole('list', { name: 'Saved routes' });
      await list.getByText(routeName).click();
      await expect(page.getByLabel('Corridor width (m)')).toHaveValue('200');
      await expect(page.getByText('Line of 2 points', { exact: false })).toBeVisible();
      await expect(page.getByTestId('route-map').locator('path.leaflet-interactive').first()).toBeAttached();
    });

    await test.step('the POI is listed with its category and shown on its page and the live map', async () => {
      await page.goto('/poi');
      const item = page.getByRole('list', { name: 'Saved points of interest' }).getByRole('listitem');
      await expect(item.filter({ hasText: poiName })).toContainText('Fuel');
      await expect(page.getByTestId('poi-map').locator(`[title="${poiName}"]`)).toBeAttached();
      await page.goto('/home');
      await expect(page.getByTestId('live-map').locator(`[title="${poiName}"]`)).toBeAttached();
      await expect(page.getByTestId('poi-layer-toggle')).toHaveAttribute('aria-pressed', 'true');
    });

    await test.step('creates a routeExit notification on the web channel', async () => {
      await page.goto('/notifications');
      await page.getByRole('button', { name: 'New notification' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Event type').click();
      await page.getByRole('option', { name: 'Left its route' }).click();
      await dialog.getByLabel('Description').fill(`Off route ${id}`);
      await expect(dialog.getByRole('checkbox', { name: 'Web', exact: true })).toBeChecked();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved').first()).toBeVisible();
    });

    await test.step('the device reports over OsmAnd on the route, then 1 km off it', async () => {
      await page.goto('/alerts');
      await expect(page.getByText('Live alerts')).toBeVisible();
      const start = Date.now() - 60_000;
      for (const [i, latitude] of [lat, lat + 0.0004, lat + 0.01].entries()) {
        const at = Math.floor((start + i * 10_000) / 1000);
        const response = await request.get(
          `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=${latitude}&lon=2.35&timestamp=${at}&speed=15`,
        );
        expect(response.status()).toBe(200);
      }
    });

    await test.step('the alert appears live', async () => {
      const rows = page.getByTestId('alert-row').filter({ hasText: deviceName }).filter({ hasText: 'Left its route' });
      await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    });
  });

  test('POIs are imported from a CSV file, after a preview that refuses a bad row', async ({ page }) => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const pick = (name: string, text: string) =>
      page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

    await openLogin(page);
    await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/poi');
    await expect(page.getByRole('button', { name: 'Import CSV' })).toBeVisible();

    await test.step('a file with a bad row is previewed and cannot be imported', async () => {
      await pick('bad.csv', `name,latitude,longitude,category\nE2E Ok ${id},48.1,2.2,fuel\nE2E Far ${id},95,2.2,\n`);
      const dialog = page.getByRole('dialog', { name: 'Import points of interest' });
      await expect(dialog.getByTestId('poi-import-row-3')).toContainText('latitude must be between -90 and 90');
      await expect(dialog.getByRole('button', { name: 'Import 1 point' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('a semicolon file with a BOM and quoted fields is imported whole', async () => {
      const csv = `\uFEFFName;Latitude;Longitude;Category;Description\r\n"E2E Dépôt ${id}";48,9;2,35;depot;"Quai 3; porte B"\r\nE2E Aire ${id};45.5;4.8;parking;\r\n`;
      await pick('pois.csv', csv);
      const dialog = page.getByRole('dialog', { name: 'Import points of interest' });
      await expect(dialog.getByText('2 rows ready')).toBeVisible();
      await dialog.getByRole('button', { name: 'Import 2 points' }).click();
      await expect(page.getByText('2 points of interest imported')).toBeVisible();
      const items = page.getByRole('list', { name: 'Saved points of interest' }).getByRole('listitem');
      await expect(items.filter({ hasText: `E2E Dépôt ${id}` })).toContainText('Depot');
      await expect(items.filter({ hasText: `E2E Aire ${id}` })).toContainText('Parking');
      await expect(page.getByTestId('poi-map').locator(`[title="E2E Dépôt ${id}"]`)).toBeAttached();
    });
  });
});
