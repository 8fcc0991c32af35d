import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

// the report periods are local times: the browser runs in UTC so that the spec can write them
test.use({ timezoneId: 'UTC' });

const MINUTE = 60_000;
/** A time as the report pages take it in their URL (YYYY-MM-DDTHH:mm, here UTC). */
const localInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

interface Fix {
  at: number;
  lat: number;
  lon: number;
  /** knots, as OsmAnd sends it */
  speed: number;
}

/**
 * A drive of 12 minutes north through Athens, a 12-minute stop, then 4 minutes of driving on: enough for the
 * default trip and stop rules (200 m or 180 s of movement, 300 s parked) to see one trip and one stop.
 */
function track(start: number): Fix[] {
  const fixes: Fix[] = [];
  let lat = 37.95;
  for (let i = 0; i <= 24; i++) {
    fixes.push({ at: start + i * 30_000, lat, lon: 23.72, speed: 25 });
    lat += 0.002;
  }
  const parked = lat;
  for (let i = 1; i <= 12; i++) fixes.push({ at: start + 12 * MINUTE + i * MINUTE, lat: parked, lon: 23.72, speed: 0 });
  for (let i = 1; i <= 8; i++) {
    lat += 0.002;
    fixes.push({ at: start + 24 * MINUTE + i * 30_000, lat, lon: 23.72, speed: 25 });
  }
  return fixes;
}

async function reportFixes(request: APIRequestContext, uniqueId: string, fixes: readonly Fix[]) {
  for (const [i, fix] of fixes.entries()) {
    const fuel = (60 - i * 0.05).toFixed(2);
    const response = await request.get(
      `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=${fix.lat.toFixed(6)}&lon=${fix.lon}` +
        `&timestamp=${Math.floor(fix.at / 1000)}&speed=${fix.speed}&bearing=0&fuel=${fuel}`,
    );
    expect(response.ok(), await response.text()).toBeTruthy();
  }
}

/** Opens a report page for the device over the period and waits for its first rows. */
async function openReport(page: Page, path: string, search: string) {
  await page.goto(`${path}?${search}`);
  const rows = page.getByTestId('report-row');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  return rows;
}

test.describe('reports', () => {
  test('trips, stops, summary, route and events of a device that drove, with an XLSX download', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const uniqueId = `e2e-report-${id}`;
    const name = `E2E Report van ${id}`;
    const start = Math.floor((Date.now() - 50 * MINUTE) / MINUTE) * MINUTE;
    const fixes = track(start);
    const search = new URLSearchParams({
      period: 'custom',
      from: localInput(start - 5 * MINUTE),
      to: localInput(Date.now() + 2 * MINUTE),
    });

    await test.step('the admin registers a device and it reports a drive and a stop over OsmAnd', async () => {
      const token = await adminAccessToken(request);
      const headers = { Authorization: `Bearer ${token}` };
      const created = await request.post('/api/devices', { headers, data: { name, uniqueId, category: 'van' } });
      expect(created.status(), await created.text()).toBe(200);
      const deviceId = ((await created.json()) as { id: number }).id;
      search.set('deviceId', String(deviceId));
      await reportFixes(request, uniqueId, fixes);
      // the pipeline stores positions in batches: wait until all of them are there
      const history = `/api/positions?deviceId=${deviceId}&from=${new Date(start - MINUTE).toISOString()}&to=${new Date().toISOString()}`;
      await expect
        .poll(async () => ((await (await request.get(history, { headers })).json()) as unknown[]).length, {
          timeout: 30_000,
        })
        .toBe(fixes.length);
    });

    await test.step('the admin signs in and finds the reports in the navigation', async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      for (const entry of ['Events', 'Route', 'Trips', 'Stops', 'Summary', 'Chart']) {
        await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
      }
    });

    await test.step('the trips report lists the drive and draws its route on the map', async () => {
      const rows = await openReport(page, '/report/trips', search.toString());
      await expect(page.getByRole('heading', { name: 'Trips report' })).toBeVisible();
      await expect(rows.first()).toContainText(name);
      await expect(page.getByTestId('report-totals')).toBeVisible();
      // the caption shows once the selected trip's route came back and is drawn (waiting on the response itself
      // raced with the page under two workers)
      await rows.first().click();
      await expect(page.getByText("The selected trip's route, from the green start to the red end")).toBeVisible({
        timeout: 30_000,
      });
    });

    await test.step('Download XLSX saves the trips as a spreadsheet', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download XLSX' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^[^/\\]+\.xlsx$/);
      const path = await download.path();
      const bytes = await readFile(path);
      expect(bytes.length).toBeGreaterThan(0);
      // an XLSX is a ZIP archive
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    });

    await test.step('the preview shows the PDF the download gives', async () => {
      const pdf = page.waitForResponse((r) => r.url().includes('/api/reports/trips/pdf?'));
      await page.getByRole('link', { name: 'Preview' }).click();
      expect((await pdf).status()).toBe(200);
      await expect(page.getByTitle('Trips report — preview')).toBeVisible();
    });

    await test.step('the stops report lists the stop', async () => {
      const rows = await openReport(page, '/report/stops', search.toString());
      await expect(rows.first()).toContainText(name);
    });

    await test.step('the summary report has the device’s row, also per day', async () => {
      const rows = await openReport(page, '/report/summary', search.toString());
      await expect(rows.first()).toContainText(name);
      await page.getByRole('switch', { name: 'One row per day' }).click();
      await expect(page.getByRole('columnheader', { name: 'Day' })).toBeVisible();
      await expect(rows.first()).toBeVisible();
    });

    await test.step('the route report lists the positions', async () => {
      await openReport(page, '/report/routes', search.toString());
      // 50 rows a page: the 45 positions fit on one
      await expect(page.getByTestId('report-row')).toHaveCount(fixes.length);
    });

    await test.step('the events report lists the movements', async () => {
      const rows = await openReport(page, '/report/events', search.toString());
      await expect(rows.filter({ hasText: 'Moving' }).first()).toBeVisible();
    });
  });
});
