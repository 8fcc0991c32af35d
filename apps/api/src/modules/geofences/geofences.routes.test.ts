import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(permissions: Permission[] = ['VIEW_GEOFENCES']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  return { tenantId: tenant.id, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });
const CIRCLE = 'CIRCLE (48.8584 2.2945, 150)';

describe('/api/geofences', () => {
  it('creates, reads, updates and deletes a geofence, filling default attributes', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/geofences', { name: 'Tower', area: CIRCLE });
    expect(created.statusCode).toBe(200);
    const fence = created.json();
    expect(fence).toMatchObject({ name: 'Tower', area: CIRCLE, description: null, calendarId: 0, tenantId });
    expect(fence.attributes).toEqual({ color: '#3bb2d0', alertOnEntry: true, alertOnExit: true });
    expect(await t.ctx.db.geofence.findUniqueOrThrow({ where: { id: fence.id } })).toMatchObject({
      attributes: { color: '#3bb2d0', alertOnEntry: true, alertOnExit: true },
    });
    expect((await call(headers, 'GET', `/api/geofences/${fence.id}`)).json()).toEqual(fence);

    const line = 'LINESTRING (48.85 2.29, 48.86 2.30)';
    const updated = await call(headers, 'PUT', `/api/geofences/${fence.id}`, {
      area: line,
      description: 'river',
      attributes: { color: '#ff0000', alertOnExit: false, polylineDistance: 40, custom: 'x' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Tower',
      area: line,
      description: 'river',
      attributes: { color: '#ff0000', alertOnEntry: true, alertOnExit: false, polylineDistance: 40, custom: 'x' },
    });
    expect((await call(headers, 'DELETE', `/api/geofences/${fence.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/geofences/${fence.id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.userLink.count({ where: { kind: 'geofence', objectId: fence.id } })).toBe(0);
  });

  it('filters the list by userId, groupId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const other = await buildUser(t.ctx.db, { tenantId, permissions: ['VIEW_GEOFENCES'] });
    const otherHeaders = { authorization: (await signIn(t.app, other.email)).authorization };
    const make = async (h: typeof headers, name: string, description?: string) =>
      (await call(h, 'POST', '/api/geofences', { name, area: CIRCLE, description })).json();
    const a = await make(headers, 'Alpha', 'depot north');
    const b = await make(headers, 'Beta');
    const c = await make(otherHeaders, 'Gamma');
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId } });
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `gf-${a.id}`, tenantId } });
    await t.ctx.db.groupGeofence.create({ data: { groupId: group.id, geofenceId: b.id } });
    await t.ctx.db.deviceGeofence.create({ data: { deviceId: device.id, geofenceId: c.id } });
    const names = async (query: string) =>
      (await call(headers, 'GET', `/api/geofences${query}`)).json().map((g: { name: string }) => g.name);
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?userId=${other.id}`)).toEqual(['Gamma']);
    expect(await names(`?groupId=${group.id}`)).toEqual(['Beta']);
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Gamma']);
    expect(await names('?keyword=DEPOT')).toEqual(['Alpha']);
    expect(await names('?limit=1&offset=1')).toEqual(['Beta']);
  });

  it('refuses invalid bodies and areas with a message', async () => {
    const { headers } = await member();
    for (const area of ['CIRCLE (1 2, 0)', 'POINT (1 2)', 'POLYGON ((0 0, 1 1))', 'LINESTRING (95 0, 1 1)']) {
      const res = await call(headers, 'POST', '/api/geofences', { name: 'X', area });
      expect(res.statusCode, area).toBe(400);
      expect(res.json().message, area).toMatch(/^Invalid geofence area: /);
    }
    const noName = await call(headers, 'POST', '/api/geofences', { area: CIRCLE });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBeTruthy();
    const badAlert = await call(headers, 'POST', '/api/geofences', {
      name: 'X',
      area: CIRCLE,
      attributes: { alertOnEntry: 'yes' },
    });
    expect(badAlert.statusCode).toBe(400);
    const fence = (await call(headers, 'POST', '/api/geofences', { name: 'Keep', area: CIRCLE })).json();
    const badUpdate = await call(headers, 'PUT', `/api/geofences/${fence.id}`, { area: 'CIRCLE (x y, 5)' });
    expect(badUpdate.statusCode).toBe(400);
    expect((await t.ctx.db.geofence.findUniqueOrThrow({ where: { id: fence.id } })).area).toBe(CIRCLE);
    expect(await t.ctx.db.geofence.count({ where: { name: 'X' } })).toBe(0);
  });

  it('links a calendar of the tenant; another tenant’s calendar or geofence is a 404 and unchanged', async () => {
    const { tenantId, headers } = await member();
    const other = await member();
    const calendar = await t.ctx.db.calendar.create({ data: { name: 'C', data: 'x', tenantId } });
    const foreignCalendar = await t.ctx.db.calendar.create({
      data: { name: 'C', data: 'x', tenantId: other.tenantId },
    });
    const withCalendar = await call(headers, 'POST', '/api/geofences', {
      name: 'Timed',
      area: CIRCLE,
      calendarId: calendar.id,
    });
    expect(withCalendar.json().calendarId).toBe(calendar.id);
    const refused = await call(headers, 'POST', '/api/geofences', {
      name: 'Timed',
      area: CIRCLE,
      calendarId: foreignCalendar.id,
    });
    expect(refused.statusCode).toBe(404);

    const foreign = (await call(other.headers, 'POST', '/api/geofences', { name: 'Theirs', area: CIRCLE })).json();
    expect((await call(headers, 'GET', `/api/geofences/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/geofences/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/geofences/${foreign.id}`)).statusCode).toBe(404);
    const names = (await call(headers, 'GET', '/api/geofences')).json().map((g: { name: string }) => g.name);
    expect(names).toEqual(['Timed']);
    expect(await t.ctx.db.geofence.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ name: 'Theirs' });
  });

  it('requires VIEW_GEOFENCES', async () => {
    const { headers } = await member(['VIEW_GROUPS']);
    expect((await call(headers, 'GET', '/api/geofences')).statusCode).toBe(403);
    expect((await call(headers, 'POST', '/api/geofences', { name: 'X', area: CIRCLE })).statusCode).toBe(403);
  });
});
