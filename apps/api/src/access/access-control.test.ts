import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRole, buildTenant, buildUser, signIn } from '../testing/factories';
import { storeEvent } from '../testing/history';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A body each write route accepts, so a refusal is about access and not validation. */
const BODIES: Record<string, unknown> = {
  'POST /api/users': { name: 'X', email: 'x-new@example.test', password: 'Password-123' },
  'PUT /api/users/:id': { name: 'Renamed' },
  'POST /api/v2/user': { name: 'X', email: 'x-new2@example.test', password: 'Password-123' },
  'PUT /api/v2/user/:id': { name: 'Renamed' },
  'POST /api/v2/user/invite': { name: 'X', email: 'x-invite@example.test' },
  'POST /api/v2/role': { name: 'R', permissions: [] },
  'PUT /api/v2/role/:id': { name: 'R2', permissions: [] },
  'PUT /api/v2/tenants/:id/retention': { retentionDays: 1 },
  'POST /api/v2/device': { uniqueId: 'stock-access-1' },
  'PUT /api/v2/device/:id': { name: 'Renamed' },
  'POST /api/v2/device/:id/tenant': { tenantId: 999999 },
  'POST /api/v2/device/:id/group': { groupId: 999999 },
  'POST /api/v2/device/user/move': { deviceIds: [999999], userId: 999999 },
  'PUT /api/v2/device/expiry': { deviceIds: [999999], expirationTime: null },
  'POST /api/v2/device/import/preview': { csv: 'imei\nstock-access-2' },
  'POST /api/v2/device/import': { csv: 'imei\nstock-access-3' },
  'PUT /api/server': { announcement: 'x' },
  'POST /api/users/totp/verify': { code: '123456' },
  'DELETE /api/users/totp': { code: '123456' },
  'POST /api/session/token/revoke': { token: 'x' },
  'POST /api/devices': { name: 'D', uniqueId: 'd-access-1' },
  'PUT /api/devices/:id': { name: 'Renamed' },
  'POST /api/groups': { name: 'G' },
  'PUT /api/groups/:id': { name: 'G2' },
  'POST /api/geofences': { name: 'F', area: 'CIRCLE (1 2, 10)' },
  'PUT /api/geofences/:id': { name: 'F2' },
  'POST /api/calendars': {
    name: 'C',
    data: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR',
  },
  'PUT /api/calendars/:id': { name: 'C2' },
  'POST /api/reports': { type: 'trips', description: 'R', calendarId: 999999 },
  'PUT /api/reports/:id': { type: 'trips', description: 'R2', calendarId: 999999 },
  'POST /api/drivers': { uniqueId: 'driver-access-1', name: 'D' },
  'PUT /api/drivers/:uniqueId': { name: 'D2' },
  'POST /api/maintenance': { name: 'M', type: 'totalDistance', period: 1000 },
  'PUT /api/maintenance/:id': { name: 'M2' },
  'POST /api/reminders': { attributes: { item: 'I', expiry: '2030-01-01T00:00:00Z' } },
  'PUT /api/reminders/:id': { name: 'R2' },
  'POST /api/commands': { description: 'C', type: 'engineStop' },
  'PUT /api/commands/:id': { description: 'C2' },
  'POST /api/attributes/computed': { description: 'A', attribute: 'a', expression: 'speed', type: 'number' },
  'PUT /api/attributes/computed/:id': { description: 'A2' },
  'POST /api/attributes/computed/test': { expression: 'speed', type: 'number' },
  'PUT /api/devices/:id/accumulators': { totalDistance: 1 },
  'POST /api/notifications': { type: 'alarm', notificators: 'web' },
  'PUT /api/notifications/:id': { type: 'alarm', notificators: 'web' },
  'POST /api/permissions': { userId: 999999, deviceId: 999999 },
  'DELETE /api/permissions': { userId: 999999, deviceId: 999999 },
  'POST /api/permissions/bulk': [{ userId: 999999, deviceId: 999999 }],
  'DELETE /api/permissions/bulk': [{ userId: 999999, deviceId: 999999 }],
  'POST /api/share/device': { deviceId: 999999, expiration: new Date(Date.now() + 3_600_000).toISOString() },
  'PUT /api/v2/tenant/:id': { name: 'T2' },
  'POST /api/v2/tenant/:id/group': { name: 'G', userId: 999999 },
  'PUT /api/v2/tenant/:id/group/:groupId': { name: 'G2' },
  'POST /api/v2/tenant/:id/user': { name: 'U', email: 'u-tenant-access@example.test' },
  'PUT /api/v2/tenant/user/:id': { name: 'U2' },
  'POST /api/v2/model': { name: 'M', port: 5023 },
  'PUT /api/v2/model/:id': { name: 'M', port: 5023 },
  'POST /api/v2/manufacturer': { name: 'M' },
  'PUT /api/v2/manufacturer/:id': { name: 'M' },
  'POST /api/v2/vendor': { name: 'V' },
  'PUT /api/v2/vendor/:id': { name: 'V' },
  'POST /api/v2/sim': { iccid: '8944500102198304826' },
  'PUT /api/v2/sim/:id': { iccid: '8944500102198304826' },
  'POST /api/v2/sim/:id/device': { deviceId: null },
  'POST /api/v2/sim/import/preview': { csv: 'ICCID\n8944500102198304826' },
  'POST /api/v2/sim/import': { csv: 'ICCID\n8944500102198304826' },
  'POST /api/v2/subscription': { name: 'P', priceCents: 100 },
  'PUT /api/v2/subscription/:id': { name: 'P2', priceCents: 100 },
  'POST /api/v2/subscription/:id/assign': { tenantId: 999999 },
  'POST /api/v2/billing/expired/extend': { tenantIds: [999999], months: 1 },
  'POST /api/v2/billing/notification': { name: 'N', type: 'DAYS_BEFORE_EXPIRY', value: 7 },
  'PUT /api/v2/billing/notification/:id': { name: 'N2', type: 'DAYS_BEFORE_EXPIRY', value: 7 },
  'PUT /api/v2/pets/:id/profile': { species: 'dog', activeMinutesGoal: 60, stepsGoal: 8000 },
};

const fill = (url: string) => url.replace(/:(\w+)/g, '999999');

describe('every route enforces sign-in and its permissions server-side', () => {
  it('answers 401 to anonymous calls of every private route', async () => {
    const privateRoutes = t.app.routeTable.filter((r) => r.auth === 'user');
    expect(privateRoutes.length).toBeGreaterThan(15);
    for (const r of privateRoutes) {
      const res = await t.app.inject({
        method: r.method as never,
        url: fill(r.url),
        payload: BODIES[`${r.method} ${r.url}`] as never,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in user lacking every flag a route declares', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const { authorization } = await signIn(t.app, user.email);
    const guarded = t.app.routeTable.filter((r) => r.permissions.length > 0);
    expect(guarded.length).toBeGreaterThan(8);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as never,
        url: fill(r.url),
        headers: { authorization },
        payload: BODIES[`${r.method} ${r.url}`] as never,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('lets any signed-in user ask for an address (Traccar: no flag), which stays private', async () => {
    const route = t.app.routeTable.find((r) => r.method === 'GET' && r.url === '/api/server/geocode');
    expect(route).toMatchObject({ auth: 'user', permissions: [] });
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const { authorization } = await signIn(t.app, user.email);
    const url = '/api/server/geocode?latitude=1&longitude=2';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // geocoding is off here: past the access checks, the answer says so
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
    expect([res.statusCode, res.json().message]).toEqual([503, 'Reverse geocoding is not enabled']);
  });

  it('lets any one of the declared flags through', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_ROLES'] });
    const { authorization } = await signIn(t.app, viewer.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/role/permissions', headers: { authorization } });
    expect(res.statusCode).toBe(200);
    const flags = res
      .json()
      .data.flatMap((g: { permissions: { authority: string }[] }) => g.permissions.map((p) => p.authority));
    expect(flags.sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('tenant isolation: a user of tenant A cannot read or change rows of tenant B', () => {
  const everything = PERMISSIONS.filter((p) => p !== 'ADMIN_ACCOUNT' && p !== 'VIEW_ADMIN_DASHBOARD') as Permission[];

  it('gives 404 on every id route of the API with tenant B ids, and B is unchanged', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const userA = await buildUser(t.ctx.db, { tenantId: a.id, permissions: everything });
    const userB = await buildUser(t.ctx.db, { tenantId: b.id, permissions: everything });
    const roleB = await buildRole(t.ctx.db, ['VIEW_DEVICES'], { tenantId: b.id });
    const deviceB = await t.ctx.db.device.create({ data: { name: 'B car', uniqueId: `b-${b.id}`, tenantId: b.id } });
    const notificationB = await t.ctx.db.notification.create({ data: { type: 'alarm', tenantId: b.id } });
    const eventB = await storeEvent(t.ctx.db, {
      data: { deviceId: deviceB.id, tenantId: b.id, type: 'alarm', eventTime: new Date() },
    });
    // expired, so that the public GET /api/share/:id gives 404 as well
    const shareB = await t.ctx.db.shareLink.create({
      data: { id: crypto.randomUUID(), deviceId: deviceB.id, tenantId: b.id, expiresAt: new Date(Date.now() - 1000) },
    });
    const { authorization } = await signIn(t.app, userA.email);

    const groupB = await t.ctx.db.group.create({ data: { name: 'B group', tenantId: b.id } });
    const geofenceB = await t.ctx.db.geofence.create({ data: { name: 'B', area: 'CIRCLE (1 2, 10)', tenantId: b.id } });
    const calendarB = await t.ctx.db.calendar.create({ data: { name: 'B', data: 'x', tenantId: b.id } });
    const scheduledB = await t.ctx.db.scheduledReport.create({
      data: { tenantId: b.id, userId: userB.id, type: 'trips', description: 'B', calendarId: calendarB.id },
    });
    const driverB = await t.ctx.db.driver.create({ data: { name: 'B', uniqueId: `drv-b-${b.id}`, tenantId: b.id } });
    const maintenanceB = await t.ctx.db.maintenance.create({ data: { name: 'B', type: 'hours', tenantId: b.id } });
    const reminderB = await t.ctx.db.maintenance.create({
      data: {
        name: 'B',
        type: 'expiry',
        tenantId: b.id,
        attributes: { isReminder: true, item: 'B', expiry: '2030-01-01' },
      },
    });
    const commandB = await t.ctx.db.command.create({ data: { description: 'B', type: 'engineStop', tenantId: b.id } });
    const computedB = await t.ctx.db.computedAttribute.create({
      data: { description: 'B', attribute: 'b', expression: 'speed', type: 'number', tenantId: b.id },
    });
    const simB = await t.ctx.db.simCard.create({
      data: { iccid: `8900000${String(b.id).padStart(12, '0')}`, tenantId: b.id },
    });
    const tokenB = await t.ctx.db.apiToken.create({ data: { id: crypto.randomUUID(), userId: userB.id } });
    const planB = await t.ctx.db.subscription.create({ data: { name: `Plan of ${b.id}` } });
    await t.ctx.db.tenant.update({ where: { id: b.id }, data: { subscriptionId: planB.id } });
    const invoiceB = await t.ctx.db.invoice.create({
      data: {
        tenantId: b.id,
        number: `INV-B-${b.id}`,
        status: 'ISSUED',
        amountCents: 100,
        periodStart: new Date('2026-01-01T00:00:00Z'),
        periodEnd: new Date('2026-02-01T00:00:00Z'),
      },
    });
    const billingRuleB = await t.ctx.db.billingNotification.create({
      data: { name: 'B', type: 'DAYS_BEFORE_EXPIRY', value: 7, tenantId: b.id },
    });
    /** the foreign id to send for each route parameter, by route */
    const foreignIds: Record<string, number | string | (number | string)[]> = {
      '/api/users/:id': userB.id,
      '/api/users/:id/password-link': userB.id,
      '/api/v2/user/:id': userB.id,
      '/api/v2/user/:id/details': userB.id,
      '/api/v2/user/:id/audit': userB.id,
      '/api/v2/user/:id/disable': userB.id,
      '/api/v2/user/:id/enable': userB.id,
      '/api/v2/user/:id/sessions/:sessionId': userB.id,
      '/api/v2/user/:id/impersonate': userB.id,
      '/api/v2/role/:id': roleB.id,
      '/api/devices/:id': deviceB.id,
      '/api/groups/:id': groupB.id,
      '/api/geofences/:id': geofenceB.id,
      '/api/calendars/:id': calendarB.id,
      '/api/reports/:id': scheduledB.id,
      '/api/reports/:id/run': scheduledB.id,
      '/api/drivers/:id': driverB.id,
      '/api/drivers/:uniqueId': driverB.uniqueId,
      '/api/maintenance/:id': maintenanceB.id,
      '/api/reminders/:id': reminderB.id,
      '/api/commands/:id': commandB.id,
      '/api/attributes/computed/:id': computedB.id,
      '/api/devices/:id/accumulators': deviceB.id,
      '/api/devices/:id/image': deviceB.id,
      '/api/notifications/:id': notificationB.id,
      '/api/events/:id': Number(eventB.id),
      '/api/events/:id/pdf': Number(eventB.id),
      '/api/share/:id': shareB.id,
      '/api/session/tokens/:id': tokenB.id,
      '/api/v2/tenants/:id/retention': b.id,
      '/api/v2/tenant/:id': b.id,
      '/api/v2/tenant/:id/children': b.id,
      '/api/v2/tenant/:id/activate': b.id,
      '/api/v2/tenant/:id/deactivate': b.id,
      '/api/v2/tenant/:id/group': b.id,
      '/api/v2/tenant/:id/group/:groupId': [b.id, groupB.id],
      '/api/v2/group/:groupId': groupB.id,
      '/api/v2/tenant/group/:id/activate': groupB.id,
      '/api/v2/tenant/group/:id/deactivate': groupB.id,
      '/api/v2/tenant/:id/user': b.id,
      '/api/v2/tenant/user/:id': userB.id,
      '/api/v2/tenant/user/:id/activate': userB.id,
      '/api/v2/tenant/user/:id/deactivate': userB.id,
      '/api/v2/tenant/:id/user-group-mapping': b.id,
      '/api/v2/tenant/user/:userId/group/:groupId': [userB.id, groupB.id],
      '/api/v2/tenant/:id/device': b.id,
      '/api/v2/tenant/:tenantId/device/:adminDeviceId/group/:groupId': [b.id, deviceB.id, groupB.id],
      '/api/v2/tenant/:tenantId/device/:adminDeviceId/unassign': [b.id, deviceB.id],
      '/api/v2/device/:id': deviceB.id,
      '/api/v2/device/:id/activate': deviceB.id,
      '/api/v2/device/:id/deactivate': deviceB.id,
      '/api/v2/device/:id/tenant': deviceB.id,
      '/api/v2/device/:id/group': deviceB.id,
      '/api/v2/device/:id/unassign': deviceB.id,
      '/api/v2/device/:id/remove-user': deviceB.id,
      '/api/v2/devices/:id/log': deviceB.id,
      '/api/v2/devices/:id/log/file': deviceB.id,
      // platform catalogues have no tenant: their writes are refused to tenant users before any row is read
      '/api/v2/model/:id': 1,
      '/api/v2/manufacturer/:id': 1,
      '/api/v2/vendor/:id': 1,
      '/api/v2/sim/:id': simB.id,
      '/api/v2/sim/:id/history': simB.id,
      '/api/v2/sim/:id/device': simB.id,
      '/api/v2/subscription/:id': planB.id,
      '/api/v2/subscription/disable/:id': planB.id,
      '/api/v2/subscription/enable/:id': planB.id,
      '/api/v2/subscription/:id/assign': planB.id,
      '/api/v2/subscription/tenant/:id': b.id,
      '/api/v2/billing/invoice/:id': invoiceB.id,
      '/api/v2/billing/invoice/:id/pdf': invoiceB.id,
      '/api/v2/billing/invoice/:id/pay': invoiceB.id,
      '/api/v2/billing/invoice/:id/checkout': invoiceB.id,
      '/api/v2/billing/notification/:id': billingRuleB.id,
      '/api/v2/billing/notification/enable/:id': billingRuleB.id,
      '/api/v2/billing/notification/disable/:id': billingRuleB.id,
      '/api/v2/pets/:id/profile': deviceB.id,
      '/api/v2/pets/:id/activity': deviceB.id,
      '/api/v2/pets/:id/sleep': deviceB.id,
      '/api/v2/pets/:id/wellness': deviceB.id,
      '/api/v2/pets/:id/places': deviceB.id,
      '/api/v2/pets/:id/comprehensive': deviceB.id,
      '/api/v2/pets/:id/comprehensive/pdf': deviceB.id,
      // a report's download names the foreign device in its query
      ...Object.fromEntries(
        ['events', 'route', 'trips', 'stops', 'summary', 'geofences', 'combined', 'chart'].map((type) => [
          `/api/reports/${type}/:format`,
          `xlsx?deviceId=${deviceB.id}&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
        ]),
      ),
    };
    const idRoutes = t.app.routeTable.filter((r) => r.url.includes(':'));
    expect(idRoutes.length).toBeGreaterThan(5);
    for (const r of idRoutes) {
      const id = foreignIds[r.url];
      expect(id, `add ${r.url} to foreignIds of this test`).toBeDefined();
      const res = await t.app.inject({
        method: r.method as never,
        // a route with several parameters is given one id for each, in order
        url: [id ?? ''].flat().reduce<string>((url, value) => url.replace(/:\w+/, String(value)), r.url),
        headers: { authorization },
        payload: BODIES[`${r.method} ${r.url}`] as never,
      });
      // routes for platform staff alone are refused before any row is looked at
      const platformOnly =
        r.permissions.length > 0 && r.permissions.every((p) => PLATFORM_PERMISSIONS.includes(p as never));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(platformOnly ? 403 : 404);
    }
    expect((await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: b.id } })).retentionDays).toBeNull();
    expect(await t.ctx.db.invoice.findUnique({ where: { id: invoiceB.id } })).toMatchObject({ status: 'ISSUED' });
    expect(await t.ctx.db.billingNotification.findUnique({ where: { id: billingRuleB.id } })).toMatchObject({
      name: 'B',
      enabled: true,
    });
    const after = await t.ctx.db.user.findUniqueOrThrow({ where: { id: userB.id } });
    expect(after.name).toBe(userB.name);
    expect(await t.ctx.db.role.findUnique({ where: { id: roleB.id } })).not.toBeNull();
    expect(await t.ctx.db.device.findUnique({ where: { id: deviceB.id } })).toMatchObject({ name: 'B car' });
    for (const row of await Promise.all([
      t.ctx.db.group.findUnique({ where: { id: groupB.id } }),
      t.ctx.db.geofence.findUnique({ where: { id: geofenceB.id } }),
      t.ctx.db.calendar.findUnique({ where: { id: calendarB.id } }),
      t.ctx.db.driver.findUnique({ where: { id: driverB.id } }),
      t.ctx.db.maintenance.findUnique({ where: { id: maintenanceB.id } }),
      t.ctx.db.maintenance.findUnique({ where: { id: reminderB.id } }),
    ])) {
      expect(row).toMatchObject({ name: expect.stringMatching(/^B/) });
    }
    expect(await t.ctx.db.command.findUnique({ where: { id: commandB.id } })).toMatchObject({ description: 'B' });
    expect(await t.ctx.db.computedAttribute.findUnique({ where: { id: computedB.id } })).toMatchObject({
      description: 'B',
    });
    expect(await t.ctx.db.notification.findUnique({ where: { id: notificationB.id } })).not.toBeNull();
    expect(await t.ctx.db.scheduledReport.findUnique({ where: { id: scheduledB.id } })).toMatchObject({
      description: 'B',
      lastRunAt: null,
    });
    expect(await t.ctx.db.shareLink.findUnique({ where: { id: shareB.id } })).toMatchObject({ revokedAt: null });
    expect(await t.ctx.db.apiToken.findUnique({ where: { id: tokenB.id } })).toMatchObject({ revokedAt: null });
    // query parameters naming another tenant's device give nothing either
    const positions = await t.app.inject({
      method: 'GET',
      url: `/api/positions?deviceId=${deviceB.id}`,
      headers: { authorization },
    });
    expect(positions.statusCode).toBe(404);
    const day = 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z';
    for (const format of ['kml', 'gpx', 'csv']) {
      const track = await t.app.inject({
        method: 'GET',
        url: `/api/positions/${format}?deviceId=${deviceB.id}&${day}`,
        headers: { authorization },
      });
      expect(track.statusCode, format).toBe(404);
    }
    const devices = await t.app.inject({
      method: 'GET',
      url: `/api/devices?id=${deviceB.id}`,
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
