import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, buildForeignRows } from '../testing/access-fixture';
import { buildTenant, buildUser, signIn } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('tenant isolation: a user of tenant A cannot read or change rows of tenant B', () => {
  const everything = PERMISSIONS.filter((p) => p !== 'ADMIN_ACCOUNT' && p !== 'VIEW_ADMIN_DASHBOARD') as Permission[];

  it('gives 404 on every id route of the API with tenant B ids, and B is unchanged', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const userA = await buildUser(t.ctx.db, { tenantId: a.id, permissions: everything });
    const userB = await buildUser(t.ctx.db, { tenantId: b.id, permissions: everything });
    const foreign = await buildForeignRows(t.ctx.db, b, userB);
    const { authorization } = await signIn(t.app, userA.email);
    const idRoutes = t.app.routeTable.filter((r) => r.url.includes(':'));
    expect(idRoutes.length).toBeGreaterThan(5);
    for (const r of idRoutes) {
      const id = foreign.foreignIds[r.url];
      expect(id, `add ${r.url} to foreignIds in testing/access-fixture.ts`).toBeDefined();
      const res = await t.app.inject({
        method: r.method as never,
        // a route with several parameters is given one id for each, in order
        url: [id ?? ''].flat().reduce<string>((url, value) => url.replace(/:\w+/, String(value)), r.url),
        headers: { authorization },
        payload: bodyOf(r.method, r.url),
      });
      // routes for platform staff alone are refused before any row is looked at
      const platformOnly =
        r.permissions.length > 0 && r.permissions.every((p) => PLATFORM_PERMISSIONS.includes(p as never));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(platformOnly ? 403 : 404);
    }
    expect((await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: b.id } })).retentionDays).toBeNull();
    expect(await t.ctx.db.invoice.findUnique({ where: { id: foreign.invoiceB.id } })).toMatchObject({
      status: 'ISSUED',
    });
    expect(await t.ctx.db.billingNotification.findUnique({ where: { id: foreign.billingRuleB.id } })).toMatchObject({
      name: 'B',
      enabled: true,
    });
    const after = await t.ctx.db.user.findUniqueOrThrow({ where: { id: userB.id } });
    expect(after.name).toBe(userB.name);
    expect(await t.ctx.db.role.findUnique({ where: { id: foreign.roleB.id } })).not.toBeNull();
    expect(await t.ctx.db.device.findUnique({ where: { id: foreign.deviceB.id } })).toMatchObject({ name: 'B car' });
    for (const row of await Promise.all([
      t.ctx.db.group.findUnique({ where: { id: foreign.groupB.id } }),
      t.ctx.db.geofence.findUnique({ where: { id: foreign.geofenceB.id } }),
      t.ctx.db.route.findUnique({ where: { id: foreign.routeB.id } }),
      t.ctx.db.poi.findUnique({ where: { id: foreign.poiB.id } }),
      t.ctx.db.calendar.findUnique({ where: { id: foreign.calendarB.id } }),
      t.ctx.db.driver.findUnique({ where: { id: foreign.driverB.id } }),
      t.ctx.db.maintenance.findUnique({ where: { id: foreign.maintenanceB.id } }),
      t.ctx.db.maintenance.findUnique({ where: { id: foreign.reminderB.id } }),
    ])) {
      expect(row).toMatchObject({ name: expect.stringMatching(/^B/) });
    }
    expect(await t.ctx.db.command.findUnique({ where: { id: foreign.commandB.id } })).toMatchObject({
      description: 'B',
    });
    expect(await t.ctx.db.computedAttribute.findUnique({ where: { id: foreign.computedB.id } })).toMatchObject({
      description: 'B',
    });
    expect(await t.ctx.db.notification.findUnique({ where: { id: foreign.notificationB.id } })).not.toBeNull();
    expect(await t.ctx.db.position.count({ where: { id: foreign.positionB.id } })).toBe(1);
    expect(await t.ctx.db.forwarding.findUnique({ where: { id: foreign.forwardingB.id } })).toMatchObject({
      name: 'B',
    });
    expect(await t.ctx.db.scheduledReport.findUnique({ where: { id: foreign.scheduledB.id } })).toMatchObject({
      description: 'B',
      lastRunAt: null,
    });
    expect(await t.ctx.db.shareLink.findUnique({ where: { id: foreign.shareB.id } })).toMatchObject({
      revokedAt: null,
    });
    expect(await t.ctx.db.apiToken.findUnique({ where: { id: foreign.tokenB.id } })).toMatchObject({ revokedAt: null });
    // query parameters naming another tenant's device give nothing either
    const positions = await t.app.inject({
      method: 'GET',
      url: `/api/positions?deviceId=${foreign.deviceB.id}`,
      headers: { authorization },
    });
    expect(positions.statusCode).toBe(404);
    const day = 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z';
    for (const format of ['kml', 'gpx', 'csv']) {
      const track = await t.app.inject({
        method: 'GET',
        url: `/api/positions/${format}?deviceId=${foreign.deviceB.id}&${day}`,
        headers: { authorization },
      });
      expect(track.statusCode, format).toBe(404);
    }
    const devices = await t.app.inject({
      method: 'GET',
      url: `/api/devices?id=${foreign.deviceB.id}`,
      headers: { authorization },
    });
    expect(devices.json()).toEqual([]);
  });

  it('lists only rows of the caller’s tenants', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const userA = await buildUser(t.ctx.db, { tenantId: a.id, permissions: everything });
    const userB = await buildUser(t.ctx.db, { tenantId: b.id, permissions: everything });
    const { authorization } = await signIn(t.app, userA.email);
    const v1 = (await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization } })).json();
    const v2 = (await t.app.inject({ method: 'GET', url: '/api/v2/user?size=500', headers: { authorization } })).json();
    const roles = (await t.app.inject({ method: 'GET', url: '/api/v2/role', headers: { authorization } })).json();
    for (const list of [v1, v2.data.content]) {
      const ids = list.map((u: { id: number }) => u.id);
      expect(ids).toContain(userA.id);
      expect(ids).not.toContain(userB.id);
      expect(list.every((u: { tenantId: number }) => u.tenantId === a.id)).toBe(true);
    }
    expect(roles.data.every((r: { tenantId: number | null }) => r.tenantId === a.id || r.tenantId === null)).toBe(true);
  });

  it('refuses to create rows in tenant B', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const userA = await buildUser(t.ctx.db, { tenantId: a.id, permissions: everything });
    const { authorization } = await signIn(t.app, userA.email);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user',
      headers: { authorization },
      payload: { name: 'Intruder', email: 'intruder@example.test', password: 'Password-123', tenantId: b.id },
    });
    expect(user.statusCode).toBe(403);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: { authorization },
      payload: { name: 'Intruder', permissions: [], tenantId: b.id },
    });
    expect(role.statusCode).toBe(403);
    expect(await t.ctx.db.user.count({ where: { tenantId: b.id } })).toBe(0);
  });

  it('a parent tenant sees its sub-tenants; a sub-tenant does not see its parent', async () => {
    const parent = await buildTenant(t.ctx.db);
    const child = await buildTenant(t.ctx.db, { parentTenantId: parent.id });
    const parentUser = await buildUser(t.ctx.db, { tenantId: parent.id, permissions: everything });
    const childUser = await buildUser(t.ctx.db, { tenantId: child.id, permissions: everything });
    const asParent = await signIn(t.app, parentUser.email);
    const asChild = await signIn(t.app, childUser.email);
    const seen = await t.app.inject({ method: 'GET', url: `/api/v2/user/${childUser.id}`, headers: asParent });
    expect(seen.statusCode).toBe(200);
    const hidden = await t.app.inject({ method: 'GET', url: `/api/v2/user/${parentUser.id}`, headers: asChild });
    expect(hidden.statusCode).toBe(404);
  });

  it('platform administrators see every tenant', async () => {
    const b = await buildTenant(t.ctx.db);
    const userB = await buildUser(t.ctx.db, { tenantId: b.id });
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/user/${userB.id}`, headers: { authorization } });
    expect(res.statusCode).toBe(200);
  });
});
