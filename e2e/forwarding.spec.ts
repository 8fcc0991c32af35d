import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';
import { reportOsmand } from './support/ingest';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: { position?: { latitude: number; longitude: number }; device?: { uniqueId: string } };
}

/** A webhook on this machine: it keeps every message it is sent and answers 204. */
async function startWebhook(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        });
      } catch {
        received.push({ path: req.url ?? '', headers: req.headers, body: {} });
      }
      res.statusCode = 204;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hook`, received };
}

test('forwarding: a server-wide webhook receives positions, shows an empty backlog, is edited and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `E2E hook ${id}`;
  const uniqueId = `e2e-fwd-${id}`;
  const hook = await startWebhook();
  const mine = () => hook.received.filter((m) => m.body.device?.uniqueId === uniqueId);

  try {
    await test.step('a device to report with', async () => {
      const headers = { Authorization: `Bearer ${await adminAccessToken(request)}` };
      const created = await request.post('/api/devices', { headers, data: { name: `E2E fwd ${id}`, uniqueId } });
      expect(created.status(), await created.text()).toBe(200);
    });

    await test.step('the admin opens Forwarding from the administration navigation', async () => {
      await openLogin(page);
      await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.getByRole('link', { name: 'Administration' }).click();
      await page
        .getByRole('navigation', { name: 'Administration navigation' })
        .getByRole('link', { name: 'Forwarding' })
        .click();
      await expect(page).toHaveURL(/\/admin\/forwarding$/);
      await expect(page.getByRole('heading', { name: 'Forwarding' })).toBeVisible();
    });

    await test.step('a webhook target, checked field by field before it is sent', async () => {
      await page.getByRole('button', { name: 'New target' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('textbox', { name: 'URL' }).fill('mqtt://127.0.0.1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText("This kind's URL starts with http://, https://")).toBeVisible();
      await dialog.getByRole('textbox', { name: 'URL' }).fill(hook.url);
      await dialog.getByRole('textbox', { name: 'Headers' }).fill(`X-E2E: ${id}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Forwarding target created')).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('Webhook');
      await expect(row).toContainText(hook.url);
      await expect(row).toContainText('Server-wide');
      await expect(row.getByRole('switch', { name: `Enabled: ${name}` })).toBeChecked();
    });

    await test.step('a position reported over OsmAnd reaches the webhook; the backlog shows zero', async () => {
      await reportOsmand(request, uniqueId, { lat: 37.9838, lon: 23.7275, speed: 10 });
      await expect.poll(() => mine().length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [message] = mine();
      expect(message?.path).toBe('/hook');
      expect(message?.headers['x-e2e']).toBe(id);
      expect(message?.headers['content-type']).toContain('application/json');
      expect(message?.body.position?.latitude).toBeCloseTo(37.9838, 4);
      expect(message?.body.position?.longitude).toBeCloseTo(23.7275, 4);
      // the status reloads by itself every few seconds
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText(/Delivered: [1-9]/, { timeout: 20_000 });
      await expect(row).toContainText('Backlog: 0');
      await expect(row).toContainText('Dropped: 0');
      await expect(row).toContainText('Failures in a row: 0');
    });

    await test.step('disabled and enabled again with its switch', async () => {
      const toggle = page.getByRole('switch', { name: `Enabled: ${name}` });
      await toggle.click();
      await expect(page.getByText('Forwarding target disabled')).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      await expect(page.getByText('Forwarding target enabled')).toBeVisible();
      await expect(toggle).toBeChecked();
    });

    await test.step('edited: it forwards events too, under a new name', async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue(hook.url);
      await expect(dialog.getByRole('textbox', { name: 'Headers' })).toHaveValue(`X-E2E: ${id}`);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`${name} v2`);
      await dialog.getByRole('switch', { name: 'Forward events' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Forwarding target updated')).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(`${name} v2`) });
      await expect(row).toContainText('Events');
      await expect(row).toContainText('Positions');
    });

    await test.step('deleted once confirmed', async () => {
      await page.getByRole('button', { name: `Delete ${name} v2` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Forwarding target deleted')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    });
  } finally {
    hook.server.close();
  }
});
