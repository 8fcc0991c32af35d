import { expect, test } from '@playwright/test';
import { adminAccessToken, signInThroughPage, uniqueUser } from './support/auth';
import { osmandPort, reportOsmand } from './support/ingest';

test.describe('onboarding', () => {
  test('a new user adds a phone with Traccar Client and sees its first position arrive', async ({ page, request }) => {
    const owner = uniqueUser();
    await test.step('the admin makes a tenant whose owner, a fleet operator, has no device yet', async () => {
      const headers = { Authorization: `Bearer ${await adminAccessToken(request)}` };
      const created = await request.post('/api/v2/tenant', {
        headers,
        data: { name: `Onboarding ${owner.email}`, owner },
      });
      expect(created.status(), await created.text()).toBe(200);
      const ownerId = ((await created.json()) as { data: { userId: number } }).data.userId;
      // a tenant's owner starts without a role: the system role of those who add and track devices
      const roles = await request.get('/api/v2/role', { headers });
      expect(roles.status(), await roles.text()).toBe(200);
      const role = ((await roles.json()) as { data: { id: number; name: string }[] }).data.find(
        (r) => r.name === 'Fleet operator',
      );
      expect(role, 'the Fleet operator system role').toBeTruthy();
      const user = await request.get(`/api/users/${ownerId}`, { headers });
      const updated = await request.put(`/api/users/${ownerId}`, {
        headers,
        data: { ...((await user.json()) as object), roleId: role?.id },
      });
      expect(updated.status(), await updated.text()).toBe(200);
    });

    await test.step('the home page offers the first-run path', async () => {
      await signInThroughPage(page, owner);
      const offer = page.getByTestId('onboarding-offer');
      await expect(offer).toBeVisible();
      await offer.getByRole('link', { name: 'Add your first device' }).click();
      await expect(page).toHaveURL(/\/onboarding$/);
    });

    let uniqueId = '';
    await test.step('the user picks Traccar Client, keeps the suggested identifier and adds the phone', async () => {
      await page.getByRole('combobox', { name: 'Make or model' }).fill('Traccar');
      await page.getByRole('option', { name: /Traccar Client/ }).click();
      const identifier = page.getByRole('textbox', { name: 'Identifier' });
      await expect(identifier).toHaveValue(/^\d{9}$/);
      uniqueId = await identifier.inputValue();
      await page.getByRole('button', { name: 'Add device' }).click();
    });

    await test.step('the settings name this server, the OsmAnd port and a QR code for the app', async () => {
      // no WAYMARK_PUBLIC_URL in the run: the address the browser used
      await expect(page.getByTestId('onboarding-host')).toHaveText('127.0.0.1');
      await expect(page.getByTestId('onboarding-port')).toHaveText(`${osmandPort} (HTTP)`);
      const url = `http://127.0.0.1:${osmandPort}/?id=${uniqueId}`;
      await expect(page.getByTestId('onboarding-app-url')).toHaveText(url);
      await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('data-value', url);
      await expect(page.getByText('Waiting for the first position…')).toBeVisible();
    });

    await test.step('the phone reports over OsmAnd and the page shows it arrived', async () => {
      await reportOsmand(request, uniqueId, { lat: 37.9715, lon: 23.7257 });
      await expect(page.getByText(/^Connected: position at /)).toBeVisible();
      await expect(page.getByTestId('device-map')).toBeVisible();
      await expect(page.getByText('Waiting for the first position…')).toBeHidden();
    });
  });
});
