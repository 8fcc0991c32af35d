import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminAccessToken, createUser, openLogin, submitCredentials, uniqueUser } from './support/auth';

/** A role holding what the command page needs (devices to choose from, sending, creating the test device). */
async function createCommandRole(request: APIRequestContext, name: string): Promise<number> {
  const token = await adminAccessToken(request);
  const response = await request.post('/api/v2/role', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, permissions: ['SEND_COMMAND', 'VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function giveRole(request: APIRequestContext, email: string, roleId: number): Promise<void> {
  const token = await adminAccessToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const users = (await (await request.get('/api/users', { headers })).json()) as { id: number; email: string }[];
  const user = users.find((u) => u.email === email);
  expect(user, `user ${email} listed`).toBeTruthy();
  const response = await request.put(`/api/users/${user?.id}`, { headers, data: { roleId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in over the API as `user` and registers a device that has never connected (so it is offline). */
async function createDeviceAs(request: APIRequestContext, email: string, password: string, name: string) {
  const session = await request.post('/api/session', { data: { email, password } });
  expect(session.status(), await session.text()).toBe(200);
  const { accessToken } = (await session.json()) as { accessToken: string };
  const uniqueId = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post('/api/devices', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name, uniqueId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('command', () => {
  test('a user with SEND_COMMAND queues an engine stop for an offline device', async ({ page, request }) => {
    const user = uniqueUser();
    const deviceName = `E2E Van ${Date.now().toString(36)}`;

    await test.step('the admin creates a role with SEND_COMMAND and a user holding it', async () => {
      const roleId = await createCommandRole(request, `E2E commands ${Date.now().toString(36)}`);
      await createUser(request, user);
      await giveRole(request, user.email, roleId);
    });

    await test.step('the user registers a device over the API', async () => {
      await createDeviceAs(request, user.email, user.password, deviceName);
    });

    await test.step('the user signs in and opens /command', async () => {
      await openLogin(page);
      await submitCredentials(page, user.email, user.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/command');
      await expect(page.getByRole('heading', { name: 'Send a command' })).toBeVisible();
    });

    await test.step('the user sends an engine stop and sees it queued', async () => {
      await page.getByRole('combobox', { name: 'Device' }).click();
      await page.getByRole('option', { name: deviceName }).click();
      await page.getByRole('combobox', { name: 'Command type' }).click();
      await page.getByRole('option', { name: 'Engine stop' }).click();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByText('Command queued')).toBeVisible();
    });
  });
});
