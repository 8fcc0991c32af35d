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

async function member(permissions: Permission[] = ['VIEW_ROUTES']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  return { tenantId: tenant.id, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

const LINE = 'LINESTRING (48.85 2.29, 48.86 2.30, 48.87 2.32)';

describe('/api/v2/routes', () => {
  it('creates a route with its links, reads, updates (replacing links) and deletes it', async () => {
    const { tenantId, headers } = await member();
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `rt-${tenantId}`, tenantId } });
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId } });
    const created = await call(headers, 'POST', '/api/v2/routes', {
      name: 'Morning round',
      area: LINE,
      width: 80,
      deviceIds: [device.id, device.id],
      groupIds: [group.id],
    });
    expect(created.statusCode).toBe(200);
    const route = created.json().data;
    expect(route).toEqual({
      id: expect.any(Number),
      name: 'Morning round',
      description: null,
      area: LINE,
      width: 80,
      color: '#7048e8',
      deviceIds: [device.id],
      groupIds: [group.id],
      tenantId,
    });
    expect((await call(headers, 'GET', `/api/v2/routes/${route.id}`)).json().data).toEqual(route);
    expect((await call(headers, 'GET', `/api/v2/routes?deviceId=${device.id}`)).json().data).toEqual([route]);

    const updated = await call(headers, 'PUT', `/api/v2/routes/${route.id}`, {
      width: 200,
      color: '#ff0000',
      deviceIds: [],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ width: 200, color: '#ff0000', deviceIds: [], groupIds: [group.id] });
    expect(await t.ctx.db.deviceRoute.count({ where: { routeId: route.id } })).toBe(0);

    expect((await call(headers, 'DELETE', `/api/v2/routes/${route.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/v2/routes/${route.id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.groupRoute.count({ where: { routeId: route.id } })).toBe(0);
    expect(await t.ctx.db.auditLog.count({ where: { objectType: 'route', objectId: String(route.id) } })).toBe(3);
  });

  it('refuses a line that is not a LINESTRING and a width out of range', async () => {
    const { headers } = await member();
    for (const area of ['CIRCLE (1 2, 10)', 'POLYGON ((0 0, 0 1, 1 1, 0 0))', 'LINESTRING (95 0, 1 1)', 'x']) {
      const res = await call(headers, 'POST', '/api/v2/routes', { name: 'X', area });
      expect(res.statusCode, area).toBe(400);
      expect(res.json().message, area).toMatch(/^Invalid route line/);
    }
    expect((await call(headers, 'POST', '/api/v2/routes', { name: 'X', area: LINE, width: 0 })).statusCode).toBe(400);
    expect(await t.ctx.db.route.count({ where: { name: 'X' } })).toBe(0);
  });

  it('keeps to the tenant: foreign routes, devices and groups are 404s and stay unchanged', async () => {
    const a = await member();
    const b = await member();
    const foreignDevice = await t.ctx.db.device.create({
      data: { name: 'B', uniqueId: `rt-b-${b.tenantId}`, tenantId: b.tenantId },
    });
    const foreignGroup = await t.ctx.db.group.create({ data: { name: 'B', tenantId: b.tenantId } });
    const theirs = (await call(b.headers, 'POST', '/api/v2/routes', { name: 'Theirs', area: LINE })).json().data;
    expect(
      (await call(a.headers, 'POST', '/api/v2/routes', { name: 'Mine', area: LINE, deviceIds: [foreignDevice.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(a.headers, 'POST', '/api/v2/routes', { name: 'Mine', area: LINE, groupIds: [foreignGroup.id] }))
        .statusCode,
    ).toBe(404);
    expect((await call(a.headers, 'GET', `/api/v2/routes/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(a.headers, 'PUT', `/api/v2/routes/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(a.headers, 'DELETE', `/api/v2/routes/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(a.headers, 'GET', '/api/v2/routes')).json().data).toEqual([]);
    expect(await t.ctx.db.route.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ name: 'Theirs' });
    expect(await t.ctx.db.route.count({ where: { name: 'Mine' } })).toBe(0);
  });

  it('requires VIEW_ROUTES', async () => {
    const { headers } = await member(['VIEW_GEOFENCES']);
    expect((await call(headers, 'GET', '/api/v2/routes')).statusCode).toBe(403);
    expect((await call(headers, 'POST', '/api/v2/routes', { name: 'X', area: LINE })).statusCode).toBe(403);
  });
});
