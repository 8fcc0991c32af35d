import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

// the server statistics are per UTC day: the browser runs in UTC so that today is the table's last row
test.use({ timezoneId: 'UTC' });

test('the statistics page shows the fleet dashboard and, to the administrator, the server statistics', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const uniqueId = `e2e-stats-${id}`;
  // no spaces: the chart's axis would break a long name over lines
  const name = `Stats-${id}`;
  let deviceId = 0;
  const start = Date.now() - 6 * 60_000;

  await test.step('a device drives for five minutes, reported over OsmAnd', async () => {
    const token = await adminAccessToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/devices', { headers, data: { name, uniqueId } });
    expect(created.status(), await created.text()).toBe(200);
    deviceId = ((await created.json()) as { id: number }).id;
    for (let i = 0; i <= 10; i++) {
      const at = Math.floor((start + i * 30_000) / 1000);
      const lat = (37.95 + i * 0.002).toFixed(6);
      const response = await request.get(
        `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=${lat}&lon=23.72&timestamp=${at}&speed=25&bearing=0`,
      );
      expect(response.ok(), await response.text()).toBeTruthy();
    }
    const history = `/api/positions?deviceId=${deviceId}&from=${new Date(start - 60_000).toISOString()}&to=${new Date().toISOString()}`;
    await expect
      .poll(async () => ((await (await request.get(history, { headers })).json()) as unknown[]).length, {
        timeout: 30_000,
      })
      .toBe(11);
  });

  await test.step('the administrator opens Statistics from the navigation', async () => {
    await openLogin(page);
    await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Statistics' }).click();
    await expect(page).toHaveURL(/\/report\/statistics$/);
    await expect(page.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible();
  });

  await test.step('the fleet dashboard counts the device as moving and ranks its distance', async () => {
    const dashboard = page.getByTestId('fleet-dashboard');
    await expect(dashboard).toBeVisible({ timeout: 20_000 });
    // the Moving tile: its label, then its count (other specs' devices may be counted too)
    const movingTile = dashboard
      .getByRole('paragraph')
      .filter({ hasText: /^moving$/i })
      .locator('xpath=..');
    await expect(movingTile).toBeVisible();
    expect(Number(await movingTile.getByRole('paragraph').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await expect(dashboard.getByText('Farthest this week')).toBeVisible();
    await expect(dashboard.getByText(name)).toBeVisible();
  });

  await test.step('the server statistics show the day of its positions with its active device', async () => {
    await expect(page.getByRole('heading', { name: 'Server statistics' })).toBeVisible();
    // the row of the UTC day of the device's last position: today's, unless midnight passed since (CI runs at
    // any hour), as the page formats it
    const lastFix = new Date(start + 10 * 30_000);
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(lastFix);
    const row = page.getByTestId('report-row').filter({ hasText: day });
    await expect(row).toBeVisible();
    // columns: day, active users, active devices, …
    const activeDevices = Number(await row.locator('td').nth(2).textContent());
    expect(activeDevices).toBeGreaterThanOrEqual(1);
  });

  await test.step('the combined report draws the device’s route on the map', async () => {
    const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const search = new URLSearchParams({
      deviceId: String(deviceId),
      period: 'custom',
      from: local(start - 60_000),
      to: local(Date.now() + 60_000),
    });
    await page.goto(`/report/combined?${search}`);
    await expect(page.getByRole('heading', { name: 'Combined report' })).toBeVisible();
    await expect(page.getByText('The route of 1 device with its events')).toBeVisible({ timeout: 20_000 });
    // the route is a line on the map (and the events with a place are markers)
    const map = page.getByRole('region', { name: 'Report map' });
    await expect(map.locator('path.leaflet-interactive')).not.toHaveCount(0);
  });
});
