import { expect, type Page, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';

// the OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInAsAdmin(page: Page) {
  await openLogin(page);
  await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/home$/);
}

test.describe("the user area's management screens", () => {
  test('saved commands: created with their parameters by SMS, edited and deleted', async ({ page }) => {
    const name = `E2E report ${suffix()}`;
    await signInAsAdmin(page);

    await test.step('the commands page links to the saved commands', async () => {
      await page.goto('/command');
      await page.getByRole('link', { name: 'Manage saved commands' }).click();
      await expect(page).toHaveURL(/\/commands\/saved$/);
      await expect(page.getByRole('heading', { name: 'Saved commands' })).toBeVisible();
    });

    await test.step('a periodic report with its frequency, sent by SMS', async () => {
      await page.getByRole('button', { name: 'Add saved command' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Description').fill(name);
      await dialog.getByRole('switch', { name: 'Send via SMS' }).check();
      await dialog.getByRole('combobox', { name: 'Command type' }).click();
      await page.getByRole('option', { name: 'Periodic position reports' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('This parameter is required')).toBeVisible();
      await dialog.getByLabel('Frequency (s)').fill('60');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved command created successfully')).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('Frequency (s): 60');
      await expect(row).toContainText('SMS');
    });

    await test.step('edited, then deleted', async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Frequency (s)')).toHaveValue('60');
      await dialog.getByLabel('Frequency (s)').fill('30');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved command updated successfully')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Frequency (s): 30');
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Saved command deleted successfully')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    });
  });

  test("computed attributes: an expression tested on a device's latest position, then saved", async ({
    page,
    request,
  }) => {
    const uniqueId = `calc${suffix()}`;
    const deviceName = `Calc ${uniqueId}`;
    const description = `E2E voltage ${suffix()}`;

    await test.step('a device reports a position with an io200 attribute', async () => {
      const token = await adminAccessToken(request);
      const created = await request.post('/api/devices', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: deviceName, uniqueId },
      });
      expect(created.status(), await created.text()).toBe(200);
      const at = Math.floor(Date.now() / 1000);
      const reported = await request.get(
        `http://127.0.0.1:${osmandPort}/?id=${uniqueId}&lat=37.97&lon=23.72&timestamp=${at}&io200=125`,
      );
      expect(reported.ok(), await reported.text()).toBeTruthy();
    });

    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Computed attributes' }).click();
    await expect(page).toHaveURL(/\/attributes\/computed$/);
    await page.getByRole('button', { name: 'Add computed attribute' }).click();
    const dialog = page.getByRole('dialog');

    await test.step('the test box gives the value on the device, and the parser’s error', async () => {
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByLabel('Attribute', { exact: false }).first().fill('voltage');
      await dialog.getByRole('textbox', { name: 'Expression' }).fill('io200 *');
      await dialog.getByRole('combobox', { name: 'Device' }).click();
      await page.getByRole('option', { name: deviceName }).click();
      await dialog.getByRole('button', { name: 'Test', exact: true }).click();
      await expect(dialog.getByRole('alert')).toContainText('Invalid expression');
      // the help lists the device's attributes: one click puts io200 in the expression
      await dialog.getByRole('button', { name: 'Expression help' }).click();
      await dialog.getByRole('textbox', { name: 'Expression' }).fill('');
      await dialog
        .getByRole('group', { name: 'Position attributes' })
        .getByRole('button', { name: 'Insert io200' })
        .click();
      await dialog.getByRole('textbox', { name: 'Expression' }).pressSequentially(' * 0.1');
      await expect(dialog.getByRole('textbox', { name: 'Expression' })).toHaveValue('io200 * 0.1');
      await dialog.getByRole('button', { name: 'Test', exact: true }).click();
      await expect(dialog.getByRole('status')).toHaveText('Result: 12.5');
    });

    await test.step('saved, it is listed', async () => {
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Computed attribute created successfully')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(description) })).toContainText('io200 * 0.1');
    });
  });

  test('calendars: a recurring calendar drawn as a month, then offered to notifications', async ({ page }) => {
    const name = `E2E office ${suffix()}`;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Calendars' }).click();
    await expect(page).toHaveURL(/\/calendars$/);

    await test.step('Mondays and Fridays in January 2030, drawn while edited', async () => {
      await page.getByRole('button', { name: 'Add calendar' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByText('Recurring', { exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Start' }).fill('2030-01-07T08:00');
      await dialog.getByRole('textbox', { name: 'End' }).fill('2030-01-07T17:00');
      // the start's day (Monday) is chosen; Friday is added (the chip's input is hidden behind its label)
      await expect(dialog.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
      await dialog.locator('label', { hasText: /^Fri$/ }).click();
      await expect(dialog.getByRole('checkbox', { name: 'Fri' })).toBeChecked();
      await dialog.getByLabel('Until', { exact: true }).fill('2030-01-31');
      const grid = dialog.getByRole('grid', { name: 'January 2030' });
      await expect(grid.locator('[data-covered]')).toHaveCount(7);
      await expect(grid.getByRole('gridcell', { name: 'January 11, 2030: 08:00–17:00' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Calendar created successfully')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
        'Every week · Mon, Fri · 08:00–17:00 · until Jan 31, 2030',
      );
    });

    await test.step('the page draws it; February 2030 is empty', async () => {
      await page.getByRole('button', { name, exact: true }).click();
      const shown = page.getByRole('region', { name: `Calendar ${name}` });
      await expect(shown).toBeVisible();
      // a repetition that starts in a later month opens on that month
      await expect(shown.getByRole('grid', { name: 'January 2030' })).toBeVisible();
      await expect(shown.locator('[data-covered]')).toHaveCount(7);
      await shown.getByRole('button', { name: 'Next month' }).click();
      await expect(shown.getByRole('grid', { name: 'February 2030' })).toBeVisible();
      await expect(shown.locator('[data-covered]')).toHaveCount(0);
    });

    await test.step('a notification can be limited to it', async () => {
      await page.goto('/notifications');
      await page.getByRole('button', { name: 'New notification' }).click();
      await page.getByRole('dialog').getByRole('combobox', { name: 'Calendar' }).click();
      await expect(page.getByRole('option', { name })).toBeVisible();
    });
  });
});
