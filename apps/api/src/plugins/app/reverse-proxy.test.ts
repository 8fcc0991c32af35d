import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTenant, buildUser, PASSWORD } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

/** The proxy's own address towards the API (all of 127/8 is loopback on Linux): the one WAYMARK_TRUST_PROXY names. */
const PROXY_ADDRESS = '127.0.0.2';
const LISTED_ORIGIN = 'https://gps.example.org';

let t: TestApp;
let apiPort: number;
const proxies: Server[] = [];

beforeAll(async () => {
  t = await createTestApp({
    WAYMARK_PUBLIC_URL: 'https://track.example.com',
    WAYMARK_TRUST_PROXY: PROXY_ADDRESS,
    WAYMARK_ALLOWED_ORIGINS: LISTED_ORIGIN,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiPort = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const proxy of proxies) proxy.close();
  await t.close();
});

/**
 * A reverse proxy like nginx's default `proxy_pass`: every request reaches the API with Host rewritten to the
 * API's own address, and (with `forwardHost`) the host the client asked for in X-Forwarded-Host. Websocket
 * upgrades are passed on as raw bytes once the rewritten handshake is sent.
 */
async function startProxy(forwardHost: boolean): Promise<string> {
  const rewrite = (headers: IncomingHttpHeaders) => ({
    ...headers,
    host: `localhost:${apiPort}`,
    ...(forwardHost ? { 'x-forwarded-host': headers.host, 'x-forwarded-proto': 'http' } : {}),
  });
  const proxy = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: apiPort, localAddress: PROXY_ADDRESS, method: req.method, path: req.url },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    for (const [name, value] of Object.entries(rewrite(req.headers))) {
      if (value !== undefined) upstream.setHeader(name, value);
    }
    req.pipe(upstream);
  });
  proxy.on('upgrade', (req, client, head) => {
    const upstream = connect({ host: '127.0.0.1', port: apiPort, localAddress: PROXY_ADDRESS }, () => {
      const lines = Object.entries(rewrite(req.headers)).map(([name, value]) => `${name}: ${String(value)}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(proxy.address() as { port: number }).port}`;
}

/** A member of a fresh tenant who may list and add devices, signed in with the cookie through `host`. */
async function signInThrough(host: string) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'] });
  const res = await fetch(`http://${host}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
    body: new URLSearchParams({ email: user.email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('waymark_session='));
  expect(cookie).toBeDefined();
  return { tenantId: tenant.id, cookie: cookie as string };
}

const addDevice = (host: string, cookie: string, origin: string, headers: Record<string, string> = {}) =>
  fetch(`http://${host}/api/devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin, ...headers },
    body: JSON.stringify({ name: 'Van', uniqueId: `proxy-${Math.random().toString(36).slice(2)}` }),
  });

describe('a cookie session behind a Host-rewriting reverse proxy', () => {
  it('signs in, receives live positions on the socket and saves, the page being served by the proxy', async () => {
    const host = await startProxy(true);
    const origin = `http://${host}`;
    const { tenantId, cookie } = await signInThrough(host);

    const session = await fetch(`http://${host}/api/session`, { headers: { cookie, origin } });
    expect(session.status).toBe(200);

    const ws = new WebSocket(`ws://${host}/api/socket`, { headers: { cookie, origin } });
    const frames: Record<string, unknown>[] = [];
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
      ws.once('message', () => resolve());
    });
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await opened;
    expect(frames[0]).toEqual({ positions: [] });
    const position = { id: 7, deviceId: 3, latitude: 48.85, longitude: 2.35 } as never;
    t.ctx.live.publish([{ tenantId, deviceId: 3, positions: [position] }]);
    await expect.poll(() => frames.length).toBe(2);
    expect(frames[1]).toEqual({ positions: [expect.objectContaining({ id: 7, deviceId: 3 })] });
    ws.close();

    const saved = await addDevice(host, cookie, origin);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ name: 'Van' });
  });

  it('refuses the cookie when the proxy does not say which host was asked for', async () => {
    const host = await startProxy(false);
    const { cookie } = await signInThrough(host);
    expect((await addDevice(host, cookie, `http://${host}`)).status).toBe(401);
  });

  it('refuses pages of other sites through the proxy, and X-Forwarded-Host from an address not trusted', async () => {
    const host = await startProxy(true);
    const { cookie } = await signInThrough(host);
    expect((await addDevice(host, cookie, 'http://evil.example')).status).toBe(401);
    // straight to the API from 127.0.0.1, claiming the proxy's host
    const direct = `127.0.0.1:${apiPort}`;
    expect(
      (await addDevice(direct, cookie, 'http://evil.example', { 'x-forwarded-host': 'evil.example' })).status,
    ).toBe(401);
    // the public URL's and the listed origins are ours whatever Host arrives
    expect((await addDevice(direct, cookie, 'https://track.example.com')).status).toBe(200);
    expect((await addDevice(direct, cookie, LISTED_ORIGIN)).status).toBe(200);
  });
});
