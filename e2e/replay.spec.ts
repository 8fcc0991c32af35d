import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

test.use({ timezoneId: 'UTC' });

const MINUTE = 60_000;

/**
 * A drive north, eight minutes parked, then on again: `offset` shifts the second device a little east and 30 s
 * later so that both move on one timeline without sharing every fix time.
 */
function drive(start: number, offset: number) {
  const lon = 23.72 + offset * 0.01;
  const from = start + offset * 30_000;
  const parkedAt = from + 5 * MINUTE;
  const north = (step: number) => 37.95 + step * 0.002;
  return [
    ...Array.from({ length: 11 }, (_, i) => ({ at: from + i * 30_000, lat: north(i), lon, speed: 25 })),
    ...Array.from({ length: 8 }, (_, i) => ({ at: parkedAt + (i + 1) * MINUTE, lat: north(10), lon, speed: 0 })),
    ...Array.from({ length: 6 }, (_, i) => ({
      at: parkedAt + 8 * MINUTE + (i + 1) * 30_000,
      lat: north(11 + i),
      lon,
      speed: 25,
    })),
  ];
}

async function createDevice(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  uniqueId: string,
) {
  const created = await request.post('/api/devices', { headers, data: { name, uniqueId, category: 'van' } });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

async function report(request: APIRequestContext, uniqueId: string, fixes: ReturnType<typeof drive>) {
  for (const fix of fixes) {
    const response = await request.get(
      `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=${fix.lat.toFixed(6)}&lon=${fix.lon.toFixed(6)}` +
        `&timestamp=${Math.floor(fix.at / 1000)}&speed=${fix.speed}&bearing=0`,
    );
    expect(response.ok(), await response.text()).toBeTruthy();
  }
}

test('replays two devices together with their trip summary, and downloads a GPX trace', async ({ page, request }) => {
  test.setTimeout(180_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const names = [`E2E Replay van ${id}`, `E2E Replay truck ${id}`];
  // within the last hour, whatever the time of day
  const start = Math.floor((Date.now() - 25 * MINUTE) / MINUTE) * MINUTE;
  const drives = [drive(start, 0), drive(start, 1)];
  const [first = [], second = []] = drives;
  const deviceIds: number[] = [];

  await test.step('two devices report a drive with a stop over OsmAnd', async () => {
    const headers = { Authorization: `Bearer ${await adminAccessToken(request)}` };
    for (const [i, name] of names.entries()) {
      const uniqueId = `e2e-replay-${i}-${id}`;
      deviceIds.push(await createDevice(request, headers, name, uniqueId));
      await report(request, uniqueId, i === 0 ? first : second);
    }
    // the pipeline stores positions in batches: wait until all of them are there
    const query = new URLSearchParams({ from: new Date(start - MINUTE).toISOString(), to: new Date().toISOString() });
    for (const deviceId of deviceIds) query.append('deviceId', String(deviceId));
    await expect
      .poll(async () => ((await (await request.get(`/api/reports/route?${query}`, { headers })).json()) as []).length, {
        timeout: 30_000,
      })
      .toBe(first.length + second.length);
  });

  await test.step('the admin opens the replay of both devices over the last hour', async () => {
    await openLogin(page);
    await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/replay?deviceId=${deviceIds[0]}&deviceId=${deviceIds[1]}`);
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last hour' }).click();
    const legend = page.getByRole('table', { name: 'Devices at this time' });
    await expect(legend.getByTestId('replay-device')).toHaveCount(2, { timeout: 20_000 });
    for (const name of names) await expect(legend.getByText(name)).toBeVisible();
    // one timeline: every distinct fix time of the two drives (the second shifted by 30 s)
    const steps = new Set([...first, ...second].map((fix) => fix.at)).size;
    await expect(page.getByText(`Step 1 of ${steps}`)).toBeVisible();
  });

  await test.step('the trip summary sums both devices and lists their stops, which seek the player', async () => {
    const summary = page.getByRole('region', { name: 'Trip summary' });
    await expect(summary.getByRole('group', { name: 'All devices' })).toBeVisible({ timeout: 20_000 });
    for (const name of names) await expect(summary.getByRole('group', { name })).toBeVisible();
    const stops = summary.getByRole('button', { name: /^Go to the stop of / });
    await expect(stops).toHaveCount(2);
    await stops.first().click();
    await expect(page.getByText(`Step 1 of`)).toBeHidden();
  });

  await test.step('Download GPX saves the first device’s trace', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download GPX' }).click();
    await page.getByRole('menuitem', { name: names[0] }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.gpx$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('<gpx');
    expect((text.match(/<trkpt /g) ?? []).length).toBe(first.length);
  });
});
