import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTenant, buildUser, PASSWORD } from '../testing/factories';
import { storeEvent, storePosition } from '../testing/history';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/**
 * Drives the API over real HTTP exactly as Traccar's own clients and the integrations built on them do (Home
 * Assistant's Traccar Server integration, Traccar Manager): HTTP Basic on every call, or a form sign-in whose
 * session cookie then authenticates REST calls and the websocket. Asserts Traccar's shapes and units.
 */
let t: TestApp;
let base: string;
let basic: string;
let email: string;
let deviceId: number;
const fixTime = new Date(Date.now() - 60_000);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, {
    tenantId: tenant.id,
    permissions: ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_GEOFENCES', 'VIEW_EVENT_REPORTS', 'VIEW_ALERTS_OVERVIEW'],
  });
  email = user.email;
  basic = `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}`;
  const device = await t.ctx.db.device.create({
    data: { name: 'Van 7', uniqueId: '356307042441013', tenantId: tenant.id, status: 'online', lastUpdate: fixTime },
  });
  deviceId = device.id;
  const position = await storePosition(t.ctx.db, {
    data: {
      deviceId,
      tenantId: tenant.id,
      protocol: 'teltonika',
      deviceTime: fixTime,
      fixTime,
      valid: true,
      latitude: 48.8566,
      longitude: 2.3522,
      altitude: 35,
      speed: 27.0, // knots (50 km/h)
      course: 90,
      attributes: { ignition: true, totalDistance: 12_345.6, motion: true },
    },
  });
  await t.ctx.db.device.update({
    where: { id: deviceId },
    data: { positionId: position.id, positionTime: position.fixTime },
  });
  await t.ctx.db.geofence.create({
    data: { tenantId: tenant.id, name: 'Depot', area: 'CIRCLE (48.8566 2.3522, 250)', attributes: {} },
  });
  await storeEvent(t.ctx.db, {
    data: { tenantId: tenant.id, deviceId, type: 'ignitionOn', eventTime: fixTime, positionId: position.id },
  });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });

it('answers Basic-authenticated calls with Traccar’s shapes and units', async () => {
  const server = await get('/api/server', { authorization: basic });
  expect(server.status).toBe(200);
  expect(await server.json()).toMatchObject({ registration: expect.any(Boolean), attributes: expect.any(Object) });

  const devices = await get('/api/devices', { authorization: basic });
  expect(devices.status).toBe(200);
  const [device] = (await devices.json()) as Record<string, unknown>[];
  expect(device).toMatchObject({
    id: deviceId,
    name: 'Van 7',
    uniqueId: '356307042441013',
    status: 'online',
    lastUpdate: fixTime.toISOString(),
    positionId: expect.any(Number),
    disabled: false,
    attributes: {},
  });

  const positions = await get('/api/positions', { authorization: basic });
  const [position] = (await positions.json()) as Record<string, unknown>[];
  expect(position).toMatchObject({
    deviceId,
    latitude: 48.8566,
    longitude: 2.3522,
    speed: 27, // knots, as stored
    course: 90,
    altitude: 35,
    fixTime: fixTime.toISOString(),
    attributes: { ignition: true, totalDistance: 12_345.6 },
  });

  const geofences = await get('/api/geofences', { authorization: basic });
  expect(geofences.status).toBe(200);
  expect(await geofences.json()).toEqual([
    expect.objectContaining({ name: 'Depot', area: 'CIRCLE (48.8566 2.3522, 250)', attributes: expect.any(Object) }),
  ]);

  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date().toISOString();
  const events = await get(
    `/api/reports/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&deviceId=${deviceId}&type=ignitionOn&type=ignitionOff`,
    { authorization: basic, accept: 'application/json' },
  );
  expect(events.status).toBe(200);
  expect(await events.json()).toEqual([
    expect.objectContaining({ type: 'ignitionOn', deviceId, eventTime: fixTime.toISOString() }),
  ]);

  const wrong = await get('/api/devices', {
    authorization: `Basic ${Buffer.from(`${email}:wrong`).toString('base64')}`,
  });
  expect(wrong.status).toBe(401);
});

it('signs in with form fields, then the session cookie authenticates REST calls and the websocket', async () => {
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
  });
  expect(signIn.status).toBe(200);
  expect(await signIn.json()).toMatchObject({ email });
  const setCookie = signIn.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  const cookie = setCookie.split(';')[0] as string;

  const devices = await get('/api/devices', { cookie });
  expect(devices.status).toBe(200);
  expect(((await devices.json()) as { id: number }[]).map((d) => d.id)).toEqual([deviceId]);

  // the websocket upgrade on the cookie: first frame = the latest positions
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/socket`, { headers: { cookie } });
  const first = await new Promise<{ positions: { deviceId: number }[] }>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))));
    socket.once('error', reject);
  });
  expect(first.positions.map((p) => p.deviceId)).toEqual([deviceId]);
  socket.close();

  // the same cookie from another site's page is refused (origin-checked)
  const foreign = new WebSocket(`${base.replace('http', 'ws')}/api/socket`, {
    headers: { cookie, origin: 'https://evil.example' },
  });
  const refused = await new Promise<number>((resolve) => {
    foreign.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    foreign.once('open', () => resolve(101));
  });
  expect(refused).toBe(401);
  const foreignRest = await get('/api/devices', { cookie, origin: 'https://evil.example' });
  expect(foreignRest.status).toBe(401);

  const signOut = await fetch(`${base}/api/session`, { method: 'DELETE', headers: { cookie } });
  expect(signOut.status).toBeLessThan(300);
  expect((await get('/api/devices', { cookie })).status).toBe(401);
});
