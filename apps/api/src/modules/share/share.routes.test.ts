import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { SHARE_DISABLED } from './share.service';
import { SHARE_CLOSE_CODE } from './share-socket';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WAYMARK_PUBLIC_URL: 'https://track.example.test/' });
});
afterAll(() => t.close());

let seq = 0;
async function member(permissions: Permission[] = ['TRACK_DEVICES']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const { authorization } = await signIn(t.app, user.email);
  const device = await t.ctx.db.device.create({
    data: { name: 'Shared van', uniqueId: `share-${tenant.id}-${++seq}`, tenantId: tenant.id },
  });
  const time = new Date('2026-06-01T08:00:00Z');
  const position = await t.ctx.db.position.create({
    data: {
      deviceId: device.id,
      tenantId: tenant.id,
      deviceTime: time,
      fixTime: time,
      valid: true,
      latitude: 48.1,
      longitude: 11.5,
    },
  });
  await t.ctx.db.device.update({ where: { id: device.id }, data: { positionId: position.id } });
  return { tenant, user, device, position, headers: { authorization } };
}
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describe('share links', () => {
  it('shares a device until expiry, publicly readable, revocable', async () => {
    const m = await member();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: m.headers,
      payload: { deviceId: m.device.id, expiration: inHours(2) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json();
    expect(link.url).toBe(`https://track.example.test/devices/share/${link.id}`);
    expect(await t.ctx.db.shareLink.findUnique({ where: { id: link.id } })).toMatchObject({
      deviceId: m.device.id,
      tenantId: m.tenant.id,
      createdById: m.user.id,
    });
    const seen = await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      device: { id: m.device.id, name: 'Shared van' },
      position: { id: Number(m.position.id), latitude: 48.1, longitude: 11.5 },
    });
    // the viewer sees what the map needs, none of the account's records
    expect(Object.keys(seen.json().device).sort()).toEqual(
      ['category', 'id', 'lastUpdate', 'model', 'name', 'positionId', 'status'].sort(),
    );
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/share/${link.id}`, headers: m.headers });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` })).statusCode).toBe(404);
  });

  it('accepts a form body, refuses past, far and malformed expirations, and foreign devices', async () => {
    const m = await member();
    const other = await member();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: { ...m.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `deviceId=${m.device.id}&expiration=${encodeURIComponent(inHours(1))}`,
    });
    expect(form.statusCode, form.body).toBe(200);
    for (const expiration of [inHours(-1), inHours(24 * 400), 'tomorrow']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share/device',
        headers: m.headers,
        payload: { deviceId: m.device.id, expiration },
      });
      expect(res.statusCode, expiration).toBe(400);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: m.headers,
      payload: { deviceId: other.device.id, expiration: inHours(1) },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.ctx.db.shareLink.count({ where: { deviceId: other.device.id } })).toBe(0);
    const noFlag = await member(['VIEW_DEVICES']);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: noFlag.headers,
      payload: { deviceId: noFlag.device.id, expiration: inHours(1) },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('gives 404 for expired, unknown and malformed links, and keeps other tenants from revoking', async () => {
    const m = await member();
    const other = await member();
    const expired = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: m.device.id,
        tenantId: m.tenant.id,
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    const live = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: m.device.id,
        tenantId: m.tenant.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    for (const id of [expired.id, crypto.randomUUID(), 'not-a-uuid']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/share/${id}` })).statusCode, id).toBe(404);
    }
    const res = await t.app.inject({ method: 'DELETE', url: `/api/share/${live.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${live.id}` })).statusCode).toBe(200);
  });

  it('is refused while the server disables sharing', async () => {
    const m = await member();
    await t.ctx.db.server.update({ where: { id: 1 }, data: { disableShare: true } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share/device',
        headers: m.headers,
        payload: { deviceId: m.device.id, expiration: inHours(1) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_DISABLED);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { disableShare: false } });
    }
  });
});

/** Collects a socket's frames and its close. */
function watch(ws: WebSocket) {
  const frames: Record<string, unknown>[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  return { frames, closed };
}
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('/api/socket?share=', () => {
  it('streams that one device’s positions to an anonymous viewer and closes at expiry', async () => {
    const m = await member();
    const link = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: m.device.id,
        tenantId: m.tenant.id,
        expiresAt: new Date(Date.now() + 1500),
      },
    });
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames, closed } = watch(ws);
    await until(() => frames.length >= 2);
    expect(frames[0]).toMatchObject({ devices: [{ id: m.device.id }] });
    expect(frames[1]).toMatchObject({ positions: [{ id: Number(m.position.id) }] });
    const other = await member();
    const position = (deviceId: number, id: number) => ({ ...(frames[1] as object), deviceId, id }) as never;
    t.ctx.live.publish([
      { tenantId: other.tenant.id, deviceId: other.device.id, positions: [position(other.device.id, 900001)] },
      {
        tenantId: m.tenant.id,
        deviceId: m.device.id,
        events: [
          {
            id: 1,
            type: 'alarm',
            eventTime: new Date().toISOString(),
            deviceId: m.device.id,
            positionId: null,
            geofenceId: null,
            maintenanceId: null,
            attributes: {},
          },
        ],
      },
      { tenantId: m.tenant.id, deviceId: m.device.id, positions: [position(m.device.id, 900002)] },
    ]);
    await until(() => frames.length >= 3);
    expect(frames[2]).toEqual({ positions: [expect.objectContaining({ id: 900002, deviceId: m.device.id })] });
    expect(await closed).toBe(SHARE_CLOSE_CODE);
    expect(frames).toHaveLength(3);
  });

  it('ends the stream when the link is revoked, and refuses invalid links', async () => {
    const m = await member();
    const link = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: m.device.id,
        tenantId: m.tenant.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames, closed } = watch(ws);
    await until(() => frames.length >= 2);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/share/${link.id}`, headers: m.headers });
    expect(revoked.statusCode).toBe(204);
    expect(await closed).toBe(SHARE_CLOSE_CODE);
    await expect(t.app.injectWS(`/api/socket?share=${link.id}`)).rejects.toThrow();
    await expect(t.app.injectWS('/api/socket?share=not-a-link')).rejects.toThrow();
  });

  it('leaves signed-in sockets as they were', async () => {
    const m = await member();
    const token = m.headers.authorization.replace('Bearer ', '');
    const ws = await t.app.injectWS(`/api/socket?token=${encodeURIComponent(token)}`);
    const { frames } = watch(ws);
    await until(() => frames.length >= 1);
    expect(frames[0]).toEqual({ positions: [expect.objectContaining({ id: Number(m.position.id) })] });
    ws.terminate();
    await expect(t.app.injectWS('/api/socket')).rejects.toThrow();
  });
});
