import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';
import { reportOsmand } from './support/ingest';
import { type ReverseProxy, startReverseProxy } from './support/reverse-proxy';

/**
 * The web app served through a reverse proxy that rewrites Host to the server's own address (nginx's `proxy_pass`
 * without `proxy_set_header Host`). playwright.config.ts starts the server trusting proxies at 127.0.0.2
 * (WAYMARK_TRUST_PROXY) and listing the second proxy's origin (WAYMARK_ALLOWED_ORIGINS); the other specs reach the
 * server from 127.0.0.1, which is not trusted, at an origin not listed.
 *
 * Our web app sends a Bearer token, but the session cookie is what Traccar's web app (and Traccar Manager, which
 * loads the server's page) lives on, and what restores our app's session on a reload: the spec checks both, the
 * cookie alone on the socket and on a write, where the origin check applies.
 */
const configurations = [
  {
    title: 'a trusted proxy telling the host asked for in X-Forwarded-Host',
    proxy: (upstreamPort: number) => startReverseProxy({ upstreamPort, localAddress: '127.0.0.2', forwardHost: true }),
  },
  {
    title: 'a proxy whose origin is listed in WAYMARK_ALLOWED_ORIGINS (no forwarded headers)',
    proxy: (upstreamPort: number) =>
      startReverseProxy({ upstreamPort, port: Number(process.env.WAYMARK_E2E_PROXY_PORT), forwardHost: false }),
  },
];

async function createDevice(request: APIRequestContext, uniqueId: string): Promise<number> {
  const token = await adminAccessToken(request);
  const created = await request.post('/api/devices', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Proxy ${uniqueId}`, uniqueId, category: 'car' },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

/** A page of a browser context whose relative URLs go to the proxy. */
async function pageThrough(browser: Browser, proxy: ReverseProxy): Promise<Page> {
  const context = await browser.newContext({ baseURL: proxy.url, locale: 'en-US' });
  return context.newPage();
}

for (const configuration of configurations) {
  test.describe(`behind ${configuration.title}`, () => {
    let proxy: ReverseProxy;
    test.beforeEach(async ({ baseURL }) => {
      proxy = await configuration.proxy(Number(new URL(baseURL as string).port));
    });
    test.afterEach(async () => {
      await proxy.close();
    });

    test('signs in, receives live positions and saves', async ({ browser, request }) => {
      // a first page load, a reload and two sockets on a machine the other worker shares: more than the default
      test.setTimeout(180_000);
      const uniqueId = `px${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      // a place of its own (markers at one place would be clustered), and moves short enough for the speed filter
      const base = 35_000 + Math.floor(Math.random() * 10_000);
      const lat = (step: number) => (base + step) / 1000;
      const lon = (step: number) => (22_000 + step) / 1000;
      const deviceId = await createDevice(request, uniqueId);
      await reportOsmand(request, uniqueId, { lat: lat(0), lon: lon(0) });
      const page = await pageThrough(browser, proxy);
      const marker = page.getByTestId(`device-marker-${deviceId}`);

      await test.step('the admin signs in on the page the proxy serves and finds the device on the map', async () => {
        await openLogin(page);
        expect(new URL(page.url()).origin).toBe(proxy.url);
        await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
        await expect(page).toHaveURL(/\/home$/);
        await page.getByLabel('Search devices').fill(uniqueId);
        await page.getByTestId(`device-row-${deviceId}`).click();
        await expect(marker).toHaveAttribute('data-lat', String(lat(0)));
      });

      await test.step('after a reload, a new position moves the marker live (the socket through the proxy)', async () => {
        await page.reload();
        await expect(page).toHaveURL(/\/home$/);
        await page.getByLabel('Search devices').fill(uniqueId);
        await page.getByTestId(`device-row-${deviceId}`).click();
        await expect(marker).toHaveAttribute('data-lat', String(lat(0)));
        await reportOsmand(request, uniqueId, { lat: lat(2), lon: lon(2) });
        await expect(marker).toHaveAttribute('data-lat', String(lat(2)));
        await expect(marker).toHaveAttribute('data-lon', String(lon(2)));
      });

      await test.step('on the cookie alone (as Traccar web does), the socket gets the live position', async () => {
        // the browser sends the page's origin with the handshake, and the cookie
        const opened = await page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const frames: unknown[] = [];
              (window as unknown as { proxyFrames: unknown[] }).proxyFrames = frames;
              const socket = new WebSocket(`ws://${location.host}/api/socket`);
              socket.onmessage = (m) => {
                frames.push(JSON.parse(String(m.data)));
                resolve('open');
              };
              socket.onclose = (e) => resolve(`closed ${e.code}`);
            }),
        );
        expect(opened).toBe('open');
        // OsmAnd times are whole seconds, and a fix at the previous one's time is dropped as a duplicate
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await reportOsmand(request, uniqueId, { lat: lat(4), lon: lon(4) });
        await expect
          .poll(() =>
            page.evaluate((id) => {
              const frames = (
                window as unknown as { proxyFrames: { positions?: { deviceId: number; latitude: number }[] }[] }
              ).proxyFrames;
              return (
                frames
                  .flatMap((f) => f.positions ?? [])
                  .filter((p) => p.deviceId === id)
                  .at(-1)?.latitude ?? null
              );
            }, deviceId),
          )
          .toBe(lat(4));
      });

      await test.step('on the cookie alone, a write is saved', async () => {
        const renamed = `Renamed ${uniqueId}`;
        const saved = await page.evaluate(
          async ({ id, name, uniqueId }) => {
            const res = await fetch(`/api/devices/${id}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ id, name, uniqueId, category: 'car' }),
            });
            return { status: res.status, body: await res.text() };
          },
          { id: deviceId, name: renamed, uniqueId },
        );
        expect(saved.status, saved.body).toBe(200);
        expect(JSON.parse(saved.body)).toMatchObject({ id: deviceId, name: renamed });
        await page.reload();
        await page.getByLabel('Search devices').fill(uniqueId);
        await expect(page.getByTestId(`device-row-${deviceId}`)).toContainText(renamed);
      });
      await page.context().close();
    });
  });
}
