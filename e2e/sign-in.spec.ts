import { expect, test } from '@playwright/test';
import { recordApiTrouble } from './support/api-log';
import { createUser, openLogin, signOut, submitCredentials, uniqueUser } from './support/auth';
import { e2eAdmin } from './support/e2e-env';
import { freshTotp } from './support/totp';

test.describe('sign-in', () => {
  // the first test once found its user signed out after a reload: on a failure, the report lists the API's failed
  // answers and the pages loaded
  let trouble: ReturnType<typeof recordApiTrouble> | undefined;
  test.beforeEach(({ page }) => {
    trouble = recordApiTrouble(page);
  });
  test.afterEach(async () => {
    await trouble?.attach(test.info());
  });

  test('a new user signs in, turns on two-factor authentication and signs in again with a code', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000); // in the rare case the next step's code repeats the last one, waits for the step after
    const user = uniqueUser();
    const welcome = page.getByRole('heading', { name: `Welcome, ${user.name}` });

    await test.step('the admin creates a user over the API', async () => {
      await createUser(request, user);
    });

    await test.step('the user accepts cookies and signs in with email and password', async () => {
      await openLogin(page);
      await submitCredentials(page, user.email, user.password);
      await expect(page).toHaveURL(/\/home$/);
      await expect(welcome).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    });

    let secret = '';
    let setupCode = '';
    await test.step('the user sets up TOTP', async () => {
      await page.goto('/admin/totp/setup');
      const secretText = page.getByTestId('totp-secret');
      await expect(secretText).toHaveText(/^[A-Z2-7]{16,}=*$/i);
      secret = ((await secretText.textContent()) ?? '').trim();
      setupCode = await freshTotp(secret);
      await page.getByLabel('Code').fill(setupCode);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Saved').first()).toBeVisible();
    });

    await test.step('the user signs out', async () => {
      await signOut(page);
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    });

    await test.step('signing in again asks for the code, then lands on /home', async () => {
      await submitCredentials(page, user.email, user.password);
      await expect(page.getByText('Enter the code from your authenticator app')).toBeVisible();
      await page.getByLabel('Code').fill(await freshTotp(secret, setupCode));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(welcome).toBeVisible();
    });
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await openLogin(page);
    await submitCredentials(page, e2eAdmin.email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Incorrect email address or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('protected pages send signed-out visitors to the login page', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});
