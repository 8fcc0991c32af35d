import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

test.describe('data report (logger file)', () => {
  test("a tracker's raw requests show in the day's table, download as a file, and arrive live", async ({
    page,
    request,
  }) => {
    const uniqueId = `log${Date.now().toString(36)}`;
    const report = async (lat: number) => {
      const at = Math.floor(Date.now() / 1000);
      const response = await request.get(
        `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=${lat}&lon=23.7&timestamp=${at}`,
      );
      expect(response.ok(), await response.text()).toBeTruthy();
    };

    let deviceId = 0;
    await test.step('a device exists and reports once', async () => {
      const token = await adminAccessToken(request);
      const created = await request.post('/api/devices', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: `Logger ${uniqueId}`, uniqueId },
      });
      expect(created.status(), await created.text()).toBe(200);
      deviceId = ((await created.json()) as { id: number }).id;
      await report(37.9751);
    });

    await test.step("the admin opens the data report of the device and sees today's request", async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.goto(`/report/logs?deviceId=${deviceId}`);
      const table = page.getByRole('table', { name: 'Messages' });
      await expect(table.getByText(`lat=37.9751`)).toBeVisible();
      await expect(table.getByText('Received').first()).toBeVisible();
    });

    await test.step('Download gives the logger file of the day', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^device-log-${uniqueId}-\\d{4}-\\d{2}-\\d{2}\\.log$`));
    });

    await test.step('with Live on, a new request appears as it arrives', async () => {
      await page.getByRole('switch', { name: 'Live' }).check();
      await expect(page.getByText('Waiting for messages…')).toBeVisible();
      await report(37.9862);
      await expect(page.getByRole('table', { name: 'Messages' }).getByText('lat=37.9862')).toBeVisible();
    });
  });
});
