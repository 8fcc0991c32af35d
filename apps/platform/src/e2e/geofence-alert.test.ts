import { randomBytes } from 'node:crypto';
import type { NotificationWorker } from '@waymark/api/notifications/worker';
import { startNotifications } from '@waymark/api/notifications/worker';
import { createPool } from '@waymark/api/pipeline/pg-pool';
import type { Processing } from '@waymark/api/pipeline/processing';
import { startProcessing } from '@waymark/api/pipeline/processing';
import { buildTenant, buildUser, signIn } from '@waymark/api/testing/factories';
import type { TestSmtpServer } from '@waymark/api/testing/smtp';
import { startSmtpServer } from '@waymark/api/testing/smtp';
import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import type { Bus } from '@waymark/bus/bus';
import { createBus } from '@waymark/bus/create-bus';
import type { Ingest } from '@waymark/ingest/ingest';
import { startIngest } from '@waymark/ingest/ingest';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * Issue 4's "done when": a device reporting like Traccar Client (OsmAnd over HTTP to the ingest) drives into a
 * geofence; every user of its tenant gets one web notification on the websocket and one e-mail in a real SMTP
 * server, even though two rules match; a user of another tenant gets nothing.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let bus: Bus;
let ingest: Ingest;
let processing: Processing;
let notifications: NotificationWorker;
let pool: ReturnType<typeof createPool>;
let api: string;
let osmand: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
  const log = pino({ level: 'silent' });
  bus = createBus({ nodeId: `node-${randomBytes(3).toString('hex')}`, logger: log, partitions: 2 });
  t.ctx.bus = bus;
  pool = createPool(t.databaseUrl, 2);
  processing = startProcessing(t.ctx, bus, pool, { batchSize: 100 });
  notifications = startNotifications(t.ctx);
  ingest = await startIngest({
    bus,
    nodeId: 'ingest-geofence-test',
    logger: log,
    protocols: ['osmand'],
    portOverrides: { osmand: 0 },
    host: '127.0.0.1',
  });
  osmand = `http://127.0.0.1:${ingest.listening.find((l) => l.protocol === 'osmand')?.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await ingest?.close();
  await processing?.close();
  await notifications?.close();
  await bus?.close();
  await pool?.end();
  await t?.close();
  await smtp?.close();
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('a device driving into a geofence notifies each user of its tenant once, on the websocket and by mail', async () => {
  const tenant = await buildTenant(t.ctx.db);
  const flags = ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS', 'VIEW_GEOFENCES', 'VIEW_NOTIFICATIONS'] as const;
  const alice = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...flags] });
  const bob = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...flags] });
  const other = await buildUser(t.ctx.db, { tenantId: (await buildTenant(t.ctx.db)).id, permissions: [...flags] });
  const asAlice = await signIn(t.app, alice.email);
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: asAlice.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (res.status === 204 ? null : await res.json()) as { id: number };
  };

  const uniqueId = `fence-${randomBytes(3).toString('hex')}`;
  const device = await call('POST', '/api/devices', { name: 'Courier 3', uniqueId });
  const geofence = await call('POST', '/api/geofences', { name: 'Depot', area: 'CIRCLE (52.52 13.40, 300)' });
  await call('POST', '/api/permissions', { deviceId: device.id, geofenceId: geofence.id });
  // two rules that both match the same event: still one notification per user and channel
  for (const description of ['Depot arrivals', 'All geofence entries']) {
    await call('POST', '/api/notifications', {
      type: 'geofenceEnter',
      description,
      always: true,
      notificators: 'web,mail',
      attributes: {},
    });
  }

  const sockets = new Map<string, { type: string; deviceId: number }[]>();
  for (const user of [alice, bob, other]) {
    const { body } = await signIn(t.app, user.email);
    const socket = new WebSocket(`${api.replace('http', 'ws')}/api/socket?token=${body.accessToken}`);
    const events: { type: string; deviceId: number }[] = [];
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { events?: typeof events };
      events.push(...(frame.events ?? []));
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    sockets.set(user.email, events);
  }

  // outside, outside, then inside the 300 m circle (≈ 1.1 km → 0 m from the centre)
  const start = Date.now() - 60_000;
  const track = [52.53, 52.525, 52.5201];
  for (const [i, lat] of track.entries()) {
    const at = Math.floor((start + i * 10_000) / 1000);
    const res = await fetch(`${osmand}/?id=${uniqueId}&lat=${lat}&lon=13.4&timestamp=${at}&speed=15`);
    expect(res.status).toBe(200);
  }

  const entries = (email: string) =>
    (sockets.get(email) ?? []).filter((e) => e.type === 'geofenceEnter' && e.deviceId === device.id);
  await waitFor(() => entries(alice.email).length > 0 && entries(bob.email).length > 0, 'web notifications');
  await smtp.waitFor((m) => m.recipients.includes(alice.email));
  await smtp.waitFor((m) => m.recipients.includes(bob.email));
  await new Promise((r) => setTimeout(r, 1500)); // anything doubled would have arrived by now

  expect(entries(alice.email)).toHaveLength(1);
  expect(entries(bob.email)).toHaveLength(1);
  expect(entries(other.email)).toHaveLength(0);
  const mails = smtp.messages.filter((m) => m.text.includes('Courier 3'));
  expect(mails.flatMap((m) => m.recipients).sort()).toEqual([alice.email, bob.email].sort());
  expect(mails[0]?.text).toContain('Depot');
  expect(await t.ctx.db.event.count({ where: { deviceId: device.id, type: 'geofenceEnter' } })).toBe(1);
}, 40_000);
