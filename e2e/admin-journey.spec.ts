import { expect, type Page, test } from '@playwright/test';
import { openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';
import { devicesCsv, iccid, imei, runTag, simsCsv } from './support/stock-csv';

const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT as string;

/**
 * The platform administrator's day, in the browser: a reseller and a customer under it, a plan, a role, a user
 * with that role; 50 SIM cards and 50 trackers uploaded by CSV; trackers moved to the customer and into its
 * group; the customer's user sees them moving on the map; the billing run invoices the customer; deactivating
 * the customer locks its user out.
 */
const run = runTag();
const reseller = `Reseller ${run}`;
const customer = `Customer ${run}`;
const plan = `Plan ${run}`;
const role = `Dispatcher ${run}`;
const dispatcher = { name: `Dana ${run}`, email: `dana-${run}@e2e.waymark.test`, password: `Dana-${run}-Passw0rd` };

async function saveDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function createTenant(page: Page, name: string, parent?: string) {
  await page.goto('/admin/tenants');
  await page.getByRole('button', { name: 'New tenant' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  if (parent) {
    await dialog.getByRole('combobox', { name: 'Parent tenant' }).fill(parent);
    await page.getByRole('option', { name: parent }).click();
  }
  await dialog.getByRole('textbox', { name: /^Owner's name/ }).fill(`${name} owner`);
  await dialog
    .getByRole('textbox', { name: /^Owner's email/ })
    .fill(`owner-${name.replaceAll(' ', '-').toLowerCase()}@e2e.waymark.test`);
  await dialog.getByLabel(/^Password/).fill(`Owner-${run}-Passw0rd`);
  await saveDialog(page);
  await expect(page.getByText('Tenant created successfully').first()).toBeVisible();
}

test('an administrator provisions a reseller, a customer, stock and a user who then tracks', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(15_000);
  await openLogin(page);
  await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/home$/);

  // a subscription plan
  await page.goto('/admin/subscriptions/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(plan);
  await page.getByRole('textbox', { name: /^Price per device/ }).fill('4.5');
  await page.getByRole('textbox', { name: /^Device limit/ }).fill('100');
  await page.getByRole('button', { name: 'New plan' }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByRole('cell', { name: plan, exact: true })).toBeVisible();

  // a reseller and a customer under it
  await createTenant(page, reseller);
  await createTenant(page, customer, reseller);
  await page.goto('/admin/tenants');
  await page.getByRole('textbox', { name: 'Search' }).fill(run);
  await expect(page.getByText(reseller)).toBeVisible();
  // only top-level tenants are listed; the reseller carries its badge
  await expect(page.getByText(customer)).toBeHidden();
  await expect(page.getByText('Reseller', { exact: true })).toBeVisible();

  // a role for the customer's dispatchers: devices, alerts and the map
  await page.goto('/admin/roles/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(role);
  for (const submodule of [
    'Devices',
    'Alerts and notifications',
    'Map (geofences, routes, points of interest, replay)',
  ]) {
    await page.getByRole('checkbox', { name: `Select all permissions of ${submodule}` }).check();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(page.getByRole('cell', { name: role, exact: true })).toBeVisible();

  // the customer's detail: a user with that role, and the plan
  await page.goto('/admin/tenants');
  await page.getByRole('textbox', { name: 'Search' }).fill(reseller);
  await page.getByText(reseller).click();
  await page.getByRole('tab', { name: 'Sub-tenants' }).click();
  await page.getByText(customer).click();
  await expect(page.getByRole('heading', { name: customer })).toBeVisible();
  const customerId = Number(/\/admin\/tenants\/(\d+)/.exec(page.url())?.[1]);
  expect(customerId).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'New user' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(dispatcher.name);
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(dispatcher.email);
  await dialog.getByLabel(/^Password/).fill(dispatcher.password);
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: role }).click();
  await saveDialog(page);
  await expect(page.getByText('User created successfully').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByRole('button', { name: 'Assign plan' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Plan/ }).click();
  await page.getByRole('option', { name: new RegExp(plan) }).click();
  await saveDialog(page);
  await expect(page.getByText('Plan assigned').first()).toBeVisible();

  // 50 SIM cards, then 50 trackers with them, by CSV
  await page.goto('/admin/sims');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'File content' }).fill(simsCsv(run, 50, ''));
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('50 ready')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 50 rows' }).click();
  await expect(page.getByText('50 SIM cards imported').first()).toBeVisible();

  const sims = Array.from({ length: 50 }, (_, i) => iccid(run, i + 1));
  await page.goto('/admin/devices');
  await page.getByRole('button', { name: 'Bulk upload' }).click();
  dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'trackers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(devicesCsv(run, 50, '', sims)),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('All 50 rows can be imported.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 50 devices' }).click();
  await expect(page.getByText('50 devices imported').first()).toBeVisible();

  // three of them to the customer, into its group
  const trackers = [1, 2, 3].map((i) => ({ uniqueId: imei(`35${run}`, i), name: `Truck ${run}-${i}` }));
  await page.keyboard.press('Escape');
  for (const tracker of trackers) {
    await page.getByRole('textbox', { name: 'Search' }).fill(tracker.uniqueId);
    await page.getByRole('button', { name: `Actions for ${tracker.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Assign or move to tenant' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Tenant' }).fill(customer);
    await page.getByRole('option', { name: customer }).click();
    await saveDialog(page);
  }
  await page.goto(`/admin/tenants/${customerId}`);
  await page.getByRole('tab', { name: 'Devices' }).click();
  for (const tracker of trackers) {
    await page.getByRole('button', { name: `Assign ${tracker.name} to a group`, exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Group/ }).click();
    await page.getByRole('option', { name: customer }).click();
    await saveDialog(page);
    await expect(page.getByText('Device assigned to group successfully').first()).toBeVisible();
  }

  // the trackers report; the customer's dispatcher sees them on the map
  const at = Math.floor(Date.now() / 1000);
  for (const [i, tracker] of trackers.entries()) {
    const res = await page.request.get(
      `http://127.0.0.1:${osmandPort}/?id=${tracker.uniqueId}&lat=${48.85 + i / 100}&lon=2.35&timestamp=${at}&speed=20`,
    );
    expect(res.status()).toBe(200);
  }
  const other = await browser.newContext();
  const user = await other.newPage();
  await openLogin(user);
  await submitCredentials(user, dispatcher.email, dispatcher.password);
  await expect(user).toHaveURL(/\/home$/);
  for (const tracker of trackers) await expect(user.getByText(tracker.name).first()).toBeVisible();
  await user.goto('/devices');
  for (const tracker of trackers) await expect(user.getByText(tracker.name).first()).toBeVisible();

  // the billing run invoices the customer: on the invoices page and the tenant's billing tab
  await page.goto('/admin/billing/invoices');
  await page.getByRole('button', { name: 'Run billing now' }).click();
  await expect(page.getByText(/invoices issued/).first()).toBeVisible();
  await page.goto(`/admin/tenants/${customerId}`);
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText(/INV-\d{6}-/).first()).toBeVisible();

  // the administrator deactivates the customer: its dispatcher can no longer sign in
  await page.getByRole('switch', { name: `Active: ${customer}` }).click();
  await other.clearCookies();
  await user.evaluate(() => localStorage.removeItem('access_token'));
  await openLogin(user);
  await submitCredentials(user, dispatcher.email, dispatcher.password);
  await expect(user.getByText('Your tenant is deactivated')).toBeVisible();
  await other.close();
});
