import { expect, test } from '@playwright/test';
import { adminAccessToken, createUserWithFlags, signInThroughPage, uniqueUser } from './support/auth';

const ICS =
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e2e\r\nDTSTART:20260101T060000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR';

/** A user schedules a summary report on a calendar, sends it at once, then deletes it. */
test.describe('scheduled reports', () => {
  test('create, send now and delete a scheduled report', async ({ page, request }) => {
    const user = uniqueUser();
    const calendarName = `E2E mornings ${user.email}`;
    const description = `E2E summary ${user.email}`;

    await test.step('a calendar exists and the user may download summaries', async () => {
      const token = await adminAccessToken(request);
      const calendar = await request.post('/api/calendars', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: calendarName, data: ICS },
      });
      expect(calendar.status(), await calendar.text()).toBe(200);
      await createUserWithFlags(request, user, ['DOWNLOAD_SUMMARY_REPORTS']);
      await signInThroughPage(page, user);
    });

    await test.step('the navigation leads to the scheduled reports', async () => {
      await page.getByRole('link', { name: 'Scheduled' }).click();
      await expect(page).toHaveURL(/\/reports\/scheduled$/);
      await expect(page.getByText('No scheduled reports yet.')).toBeVisible();
    });

    await test.step('the user adds a summary mailed on the calendar', async () => {
      await page.getByRole('button', { name: 'Add scheduled report' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByRole('combobox', { name: 'Calendar' }).click();
      await page.getByRole('option', { name: calendarName }).click();
      await dialog.getByLabel('Recipients').fill('fleet@e2e.waymark.test');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Scheduled report created')).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(description) });
      await expect(row.getByText(calendarName)).toBeVisible();
      await expect(row.getByText('Never')).toBeVisible();
    });

    await test.step('send now mails it and records the run', async () => {
      await page.getByRole('button', { name: `Send ${description} now` }).click();
      await expect(page.getByText('The report was sent')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(description) }).getByText('Never')).toBeHidden();
    });

    await test.step('the user deletes it', async () => {
      await page.getByRole('button', { name: `Delete ${description}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Scheduled report deleted')).toBeVisible();
      await expect(page.getByText('No scheduled reports yet.')).toBeVisible();
    });
  });
});
