import type { Db } from '@waymark/db/client';
import { buildRole } from './factories';
import { storeEvent, storeFix } from './history';

/*
 * What the two access tests share: route-access.test.ts calls every route of the API with these bodies, and
 * tenant-isolation.test.ts calls every id route with another tenant's ids. So a new route needs its entries
 * here: a body if it writes, and its foreign ids (in buildForeignRows) if its path has parameters.
 */

/** A body each write route accepts, so a refusal is about access and not validation. */
export const BODIES: Record<string, unknown> = {
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
  'POST /api/notifications/send/:notificator': { subject: 'S', body: 'B' },
  'POST /api/permissions': { userId: 999999, deviceId: 999999 },
  'DELETE /api/permissions': { userId: 999999, deviceId: 999999 },
  'POST /api/permissions/bulk': [{ userId: 999999, deviceId: 999999 }],
  'DELETE /api/permissions/bulk': [{ userId: 999999, deviceId: 999999 }],
  'POST /api/share/device': { deviceId: 999999, expiration: new Date(Date.now() + 3_600_000).toISOString() },
  'POST /api/share/group': { groupId: 999999, expiration: new Date(Date.now() + 3_600_000).toISOString() },
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
  'POST /api/v2/forwarding': { name: 'F', type: 'webhook', url: 'https://hooks.example.test/in' },
  'PUT /api/v2/forwarding/:id': { name: 'F2', type: 'webhook', url: 'https://hooks.example.test/in' },
  'POST /api/v2/routes': { name: 'R', area: 'LINESTRING (1 2, 1.01 2.01)', width: 50 },
  'PUT /api/v2/routes/:id': { name: 'R2' },
  'POST /api/v2/pois': { name: 'P', category: 'fuel', latitude: 1, longitude: 2 },
  'PUT /api/v2/pois/:id': { name: 'P2' },
  'POST /api/v2/pois/import/preview': { csv: 'name,latitude,longitude\nP,1,2' },
  'POST /api/v2/pois/import': { csv: 'name,latitude,longitude\nP,1,2' },
};

/** The body to send to `method url` (none for a route that reads). */
export const bodyOf = (method: string, url: string) => BODIES[`${method} ${url}`] as never;

/** The id for a route parameter; a route with several parameters is given one id for each, in order. */
type ForeignId = number | string | (number | string)[];

/**
 * Tenant B's rows, one of each kind an id route reaches, owned by `userB`, and `foreignIds`: the foreign id to
 * send for each route parameter, by route. `b` must be a tenant the caller of the routes cannot reach.
 */
export async function buildForeignRows(db: Db, b: { id: number }, userB: { id: number }) {
  const roleB = await buildRole(db, ['VIEW_DEVICES'], { tenantId: b.id });
  const deviceB = await db.device.create({ data: { name: 'B car', uniqueId: `b-${b.id}`, tenantId: b.id } });
  const notificationB = await db.notification.create({ data: { type: 'alarm', tenantId: b.id } });
  const eventB = await storeEvent(db, {
    data: { deviceId: deviceB.id, tenantId: b.id, type: 'alarm', eventTime: new Date() },
  });
  // expired, so that the public GET /api/share/:id gives 404 as well
  const shareB = await db.shareLink.create({
    data: { id: crypto.randomUUID(), deviceId: deviceB.id, tenantId: b.id, expiresAt: new Date(Date.now() - 1000) },
  });
  const groupB = await db.group.create({ data: { name: 'B group', tenantId: b.id } });
  const geofenceB = await db.geofence.create({ data: { name: 'B', area: 'CIRCLE (1 2, 10)', tenantId: b.id } });
  const calendarB = await db.calendar.create({ data: { name: 'B', data: 'x', tenantId: b.id } });
  const routeB = await db.route.create({ data: { name: 'B', area: 'LINESTRING (1 2, 1.01 2.01)', tenantId: b.id } });
  const poiB = await db.poi.create({ data: { name: 'B', latitude: 1, longitude: 2, tenantId: b.id } });
  const scheduledB = await db.scheduledReport.create({
    data: { tenantId: b.id, userId: userB.id, type: 'trips', description: 'B', calendarId: calendarB.id },
  });
  const driverB = await db.driver.create({ data: { name: 'B', uniqueId: `drv-b-${b.id}`, tenantId: b.id } });
  const maintenanceB = await db.maintenance.create({ data: { name: 'B', type: 'hours', tenantId: b.id } });
  const reminderB = await db.maintenance.create({
    data: {
      name: 'B',
      type: 'expiry',
      tenantId: b.id,
      attributes: { isReminder: true, item: 'B', expiry: '2030-01-01' },
    },
  });
  const commandB = await db.command.create({ data: { description: 'B', type: 'engineStop', tenantId: b.id } });
  const computedB = await db.computedAttribute.create({
    data: { description: 'B', attribute: 'b', expression: 'speed', type: 'number', tenantId: b.id },
  });
  const simB = await db.simCard.create({
    data: { iccid: `8900000${String(b.id).padStart(12, '0')}`, tenantId: b.id },
  });
  const tokenB = await db.apiToken.create({ data: { id: crypto.randomUUID(), userId: userB.id } });
  const planB = await db.subscription.create({ data: { name: `Plan of ${b.id}` } });
  await db.tenant.update({ where: { id: b.id }, data: { subscriptionId: planB.id } });
  const invoiceB = await db.invoice.create({
    data: {
      tenantId: b.id,
      number: `INV-B-${b.id}`,
      status: 'ISSUED',
      amountCents: 100,
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2026-02-01T00:00:00Z'),
    },
  });
  const billingRuleB = await db.billingNotification.create({
    data: { name: 'B', type: 'DAYS_BEFORE_EXPIRY', value: 7, tenantId: b.id },
  });
  const positionB = await storeFix(db, deviceB, new Date());
  const forwardingB = await db.forwarding.create({
    data: { name: 'B', type: 'webhook', url: 'https://hooks.example.test/b', tenantId: b.id },
  });
  const foreignIds: Record<string, ForeignId> = {
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
    // a test goes to the caller alone: no row of B to name, so a channel that does not exist
    '/api/notifications/test/:notificator': 'carrier-pigeon',
    '/api/notifications/send/:notificator': `mail?userId=${userB.id}`,
    '/api/positions/:id': Number(positionB.id),
    '/api/session/:id': userB.id,
    // the devices report lists the caller's own devices: no row of B to name, so a type that does not exist
    '/api/reports/devices/:type': 'pdf',
    '/api/v2/forwarding/:id': forwardingB.id,
    '/api/v2/forwarding/:id/status': forwardingB.id,
    '/api/v2/routes/:id': routeB.id,
    '/api/v2/pois/:id': poiB.id,
    // a report's download names the foreign device in its query
    ...Object.fromEntries(
      ['events', 'route', 'trips', 'stops', 'summary', 'geofences', 'combined', 'chart'].map((type) => [
        `/api/reports/${type}/:format`,
        `xlsx?deviceId=${deviceB.id}&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
      ]),
    ),
  };
  return {
    roleB,
    deviceB,
    notificationB,
    shareB,
    groupB,
    geofenceB,
    routeB,
    poiB,
    calendarB,
    scheduledB,
    driverB,
    maintenanceB,
    reminderB,
    commandB,
    computedB,
    tokenB,
    invoiceB,
    billingRuleB,
    forwardingB,
    positionB,
    foreignIds,
  };
}
