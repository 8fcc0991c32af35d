import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, PASSWORD, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { ACCOUNT_READONLY_MESSAGE } from './readonly';

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every flag a tenant role can hold, so only the read-only flag stands between the user and a write. */
const TENANT_FLAGS: Permission[] = PERMISSIONS.filter((p) => !PLATFORM_PERMISSIONS.includes(p));

async function member(extra: { readonly?: boolean } = {}) {
  // no user limit: creating a user is one of the sample writes
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: TENANT_FLAGS, userLimit: -1, ...extra });
  const { authorization } = await signIn(t.app, user.email);
  return { tenant, user, headers: { authorization } };
}

/** A sample of writes across modules, on rows of `tenantId`. */
async function writes(tenantId: number, userId: number) {
  const db = t.ctx.db;
  const geofence = await db.geofence.create({ data: { name: 'G', area: 'CIRCLE (48.85 2.35, 100)', tenantId } });
  const group = await db.group.create({ data: { name: 'Grp', tenantId } });
  const driver = await db.driver.create({ data: { name: 'D', uniqueId: `drv-${++seq}`, tenantId } });
  const calendar = await db.calendar.create({ data: { name: 'C', data: 'x', tenantId } });
  const other = await buildUser(db, { tenantId });
  for (const [kind, objectId] of [
    ['geofence', geofence.id],
    ['driver', driver.id],
    ['calendar', calendar.id],
  ] as const) {
    await db.userLink.create({ data: { userId, kind, objectId } });
  }
  return [
    { method: 'POST', url: '/api/geofences', payload: { name: 'New', area: 'CIRCLE (48.85 2.35, 50)' } },
    { method: 'PUT', url: `/api/geofences/${geofence.id}`, payload: { name: 'Renamed', area: geofence.area } },
    { method: 'DELETE', url: `/api/geofences/${geofence.id}` },
    { method: 'POST', url: '/api/groups', payload: { name: 'New group' } },
    { method: 'DELETE', url: `/api/groups/${group.id}` },
    { method: 'POST', url: '/api/drivers', payload: { name: 'New', uniqueId: `drv-${++seq}` } },
    { method: 'DELETE', url: `/api/drivers/${driver.id}` },
    { method: 'DELETE', url: `/api/calendars/${calendar.id}` },
    { method: 'POST', url: '/api/users', payload: { name: 'New', email: `new-${++seq}@example.test` } },
    { method: 'DELETE', url: `/api/users/${other.id}` },
  ] as const;
}

describe('read-only accounts', () => {
  it('get 403 on writes across modules, and nothing changes', async () => {
    const { tenant, user, headers } = await member({ readonly: true });
    for (const req of await writes(tenant.id, user.id)) {
      const res = await t.app.inject({ ...req, headers });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.json().message).toBe(ACCOUNT_READONLY_MESSAGE);
    }
    expect(await t.ctx.db.geofence.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(await t.ctx.db.group.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(await t.ctx.db.user.count({ where: { tenantId: tenant.id } })).toBe(2);
  });

  it('the same writes pass for the same user without the flag', async () => {
    const { tenant, user, headers } = await member();
    for (const req of await writes(tenant.id, user.id)) {
      const res = await t.app.inject({ ...req, headers });
      expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBeLessThan(300);
    }
  });

  it("follow the server's read-only flag too", async () => {
    const { tenant, user, headers } = await member();
    await t.ctx.db.server.update({ where: { id: 1 }, data: { readonly: true } });
    try {
      const [first] = await writes(tenant.id, user.id);
      const res = await t.app.inject({ ...first, headers });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { readonly: false } });
    }
  });

  it('still change their own account: preferences and password', async () => {
    const { user, headers } = await member({ readonly: true });
    const prefs = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: { name: user.name, email: user.email, attributes: { speedUnit: 'kmh' } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const password = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: { name: user.name, email: user.email, password: 'Another-horse-7', currentPassword: PASSWORD },
    });
    expect(password.statusCode, password.body).toBe(200);
  });
});
