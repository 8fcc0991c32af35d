import { expect, test } from '@playwright/test';
import { createUser, openLogin, submitCredentials, uniqueUser } from './support/auth';

/**
 * Preferences take effect at once: language (Greek labels), text direction (html[dir]) and colour scheme
 * (html[data-mantine-color-scheme]), saved to the user with 'User Preferences Updated Successfully'.
 */
test.describe('preferences', () => {
  test('a user switches to Greek, right-to-left, then light and dark mode', async ({ page, request }) => {
    const user = uniqueUser();
    const html = page.locator('html');
    const save = page.getByTestId('preferences-save');

    await test.step('the user signs in and opens the preferences', async () => {
      await createUser(request, user);
      await openLogin(page);
      await submitCredentials(page, user.email, user.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/settings/preferences');
      await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
    });

    await test.step('Greek: the labels change at once', async () => {
      await page.getByTestId('preferences-language').getByText('Ελληνικά').click();
      await save.click();
      await expect(page.getByText('Οι προτιμήσεις χρήστη ενημερώθηκαν με επιτυχία')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Ρυθμίσεις' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Προτιμήσεις' })).toBeVisible();
      await expect(html).toHaveAttribute('lang', 'el');
    });

    await test.step('right to left', async () => {
      await page.getByTestId('preferences-direction').getByText('Από δεξιά προς τα αριστερά').click();
      await save.click();
      await expect(html).toHaveAttribute('dir', 'rtl');
    });

    await test.step('light, then dark mode', async () => {
      await page.getByTestId('preferences-color-scheme').getByText('Φωτεινή').click();
      await save.click();
      await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
      await page.getByTestId('preferences-color-scheme').getByText('Σκοτεινή').click();
      await save.click();
      await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    });

    await test.step('the choices were saved to the user', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Ρυθμίσεις' })).toBeVisible();
      await expect(page.getByTestId('preferences-direction').locator('input[value="rtl"]')).toBeChecked();
      await page.getByTestId('preferences-direction').getByText('Από αριστερά προς τα δεξιά').click();
      await save.click();
      await expect(html).toHaveAttribute('dir', 'ltr');
    });
  });
});
