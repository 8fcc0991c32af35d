import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { e2eAdmin } from './e2e-env';

export interface NewUser {
  name: string;
  email: string;
  password: string;
}

/** A user with a unique email, so runs never collide. */
export function uniqueUser(): NewUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: `E2E User ${id}`, email: `user-${id}@e2e.waymark.test`, password: `E2e-user-${id}-Pw` };
}

/**
 * The platform admin's access token, signed in over the API once per worker and reused for 10 minutes (the token
 * lives 15): every sign-in counts against the server's limit of sign-ins per client address.
 */
let adminToken: { value: string; at: number } | undefined;
const ADMIN_TOKEN_REUSE_MS = 10 * 60_000;

export async function adminAccessToken(request: APIRequestContext): Promise<string> {
  if (adminToken && Date.now() - adminToken.at < ADMIN_TOKEN_REUSE_MS) return adminToken.value;
  const response = await request.post('/api/session', { data: e2eAdmin });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { accessToken?: string };
  expect(body.accessToken, 'sign-in answer carries accessToken').toBeTruthy();
  adminToken = { value: body.accessToken as string, at: Date.now() };
  return adminToken.value;
}

/** Creates `user` as the admin (POST /api/users). */
export async function createUser(request: APIRequestContext, user: NewUser): Promise<void> {
  const token = await adminAccessToken(request);
  const response = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens /login and accepts the cookie banner when it is shown. */
export async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  // the first visit of a worker loads the app's code while the other worker's test runs: more than the default wait
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible()) {
    await accept.click();
    await expect(accept).toBeHidden();
  }
}

export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the user menu in the header and signs out. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Creates `user` holding exactly `flags` (a role made for it, over the API as the admin): a platform user, so
 * it sees every tenant's rows its flags allow. Returns the user's id.
 */
export async function createUserWithFlags(
  request: APIRequestContext,
  user: NewUser,
  flags: readonly string[],
): Promise<number> {
  const token = await adminAccessToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const role = await request.post('/api/v2/role', {
    headers,
    data: { name: `E2E role ${user.email}`, permissions: flags },
  });
  expect(role.status(), await role.text()).toBe(200);
  const roleBody = (await role.json()) as { id?: number; data?: { id: number } };
  const roleId = roleBody.data?.id ?? roleBody.id;
  const created = await request.post('/api/users', {
    headers,
    data: { name: user.name, email: user.email, password: user.password, roleId },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

/** Accepts cookies and signs in through the login page; lands on /home. */
export async function signInThroughPage(page: Page, user: NewUser): Promise<void> {
  await openLogin(page);
  await submitCredentials(page, user.email, user.password);
  await expect(page).toHaveURL(/\/home$/);
}
