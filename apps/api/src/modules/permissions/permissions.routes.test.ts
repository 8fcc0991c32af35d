import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { UNSUPPORTED_LINK } from './permission-links.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function setup(permissions: Permission[]) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const { authorization } = await signIn(t.app, user.email);
  const db = t.ctx.db;
  const tenantId = tenant.id;
  return {
    tenant,
    user,
    headers: { authorization },
    device: await db.device.create({ data: { name: 'D', uniqueId: `p-${tenantId}-${++seq}`, tenantId } }),
    group: await db.group.create({ data: { name: 'G', tenantId } }),
    geofence: await db.geofence.create({ data: { name: 'Yard', area: 'CIRCLE (1 2, 100)', tenantId } }),
    notification: await db.notification.create({ data: { type: 'alarm', tenantId } }),
    calendar: await db.calendar.create({ data: { name: 'C', data: 'x', tenantId } }),
    driver: await db.driver.create({ data: { name: 'Dr', uniqueId: `dr-${++seq}`, tenantId } }),
    command: await db.command.create({ data: { description: 'S', type: 'engineStop', tenantId } }),
    maintenance: await db.maintenance.create({ data: { name: 'M', type: 'totalDistance', tenantId } }),
    attribute: await db.computedAttribute.create({
      data: { description: 'A', attribute: 'x', expression: '1', type: 'number', tenantId },
    }),
  };
}

const send = (method: 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as never });

describe('/api/permissions', () => {
  it('links and unlinks every supported pair, idempotently', async () => {
    const s = await setup([
      'VIEW_DEVICE_DETAILS',
      'VIEW_GROUPS',
      'VIEW_GEOFENCES',
      'VIEW_NOTIFICATIONS',
      'VIEW_DRIVERS',
      'SEND_COMMAND',
      'VIEW_MAINTENANCES',
      'VIEW_USERS',
    ]);
    const other = await buildUser(t.ctx.db, { tenantId: s.tenant.id });
    const db = t.ctx.db;
    const u = s.user.id;
    const cases: [Record<string, number>, () => Promise<number>][] = [
      [{ userId: u, deviceId: s.device.id }, () => db.userDevice.count({ where: { userId: u } })],
      [{ userId: u, groupId: s.group.id }, () => db.userGroup.count({ where: { userId: u } })],
      [{ userId: u, geofenceId: s.geofence.id }, () => db.userLink.count({ where: { userId: u, kind: 'geofence' } })],
      [{ userId: u, calendarId: s.calendar.id }, () => db.userLink.count({ where: { userId: u, kind: 'calendar' } })],
      [
        { userId: u, managedUserId: other.id },
        () => db.userLink.count({ where: { userId: u, kind: 'managedUser', objectId: other.id } }),
      ],
      [
        { userId: u, attributeId: s.attribute.id },
        () => db.userLink.count({ where: { userId: u, kind: 'attribute' } }),
      ],
      [
        { deviceId: s.device.id, geofenceId: s.geofence.id },
        () => db.deviceGeofence.count({ where: { deviceId: s.device.id } }),
      ],
      [
        { notificationId: s.notification.id, deviceId: s.device.id },
        () => db.deviceNotification.count({ where: { deviceId: s.device.id } }),
      ],
      [
        { deviceId: s.device.id, driverId: s.driver.id },
        () => db.deviceDriver.count({ where: { deviceId: s.device.id } }),
      ],
      [
        { deviceId: s.device.id, maintenanceId: s.maintenance.id },
        () => db.deviceMaintenance.count({ where: { deviceId: s.device.id } }),
      ],
      [
        { deviceId: s.device.id, commandId: s.command.id },
        () => db.deviceCommand.count({ where: { deviceId: s.device.id } }),
      ],
      [
        { deviceId: s.device.id, attributeId: s.attribute.id },
        () => db.deviceComputedAttribute.count({ where: { deviceId: s.device.id } }),
      ],
      [
        { groupId: s.group.id, geofenceId: s.geofence.id },
        () => db.groupGeofence.count({ where: { groupId: s.group.id } }),
      ],
      [
        { groupId: s.group.id, notificationId: s.notification.id },
        () => db.groupNotification.count({ where: { groupId: s.group.id } }),
      ],
      [{ groupId: s.group.id, driverId: s.driver.id }, () => db.groupDriver.count({ where: { groupId: s.group.id } })],
      [
        { groupId: s.group.id, maintenanceId: s.maintenance.id },
        () => db.groupMaintenance.count({ where: { groupId: s.group.id } }),
      ],
      [
        { groupId: s.group.id, commandId: s.command.id },
        () => db.groupCommand.count({ where: { groupId: s.group.id } }),
      ],
      [
        { groupId: s.group.id, attributeId: s.attribute.id },
        () => db.groupComputedAttribute.count({ where: { groupId: s.group.id } }),
      ],
    ];
    for (const [body, count] of cases) {
      const label = JSON.stringify(body);
      expect((await send('POST', '/api/permissions', s.headers, body)).statusCode, label).toBe(204);
      expect((await send('POST', '/api/permissions', s.headers, body)).statusCode, label).toBe(204);
      expect(await count(), label).toBe(1);
      expect((await send('DELETE', '/api/permissions', s.headers, body)).statusCode, label).toBe(204);
      expect(await count(), label).toBe(0);
    }
  });

  it('reads ids sent as numeric text, as Traccar does, and refuses other text', async () => {
    const s = await setup(['VIEW_DEVICE_DETAILS', 'VIEW_GEOFENCES']);
    const count = () => t.ctx.db.deviceGeofence.count({ where: { deviceId: s.device.id } });
    const body = { deviceId: String(s.device.id), geofenceId: String(s.geofence.id) };
    expect((await send('POST', '/api/permissions', s.headers, body)).statusCode).toBe(204);
    expect(await count()).toBe(1);
    expect((await send('DELETE', '/api/permissions', s.headers, body)).statusCode).toBe(204);
    expect(await count()).toBe(0);
    for (const deviceId of ['', ' 1', '1x', 'true', '0x1']) {
      const res = await send('POST', '/api/permissions', s.headers, { deviceId, geofenceId: s.geofence.id });
      expect(res.statusCode, deviceId).toBe(400);
    }
  });

  it('refuses bodies without exactly two keys and unsupported pairs', async () => {
    const s = await setup(['VIEW_DEVICE_DETAILS', 'VIEW_GROUPS', 'VIEW_GEOFENCES']);
    const bad: [unknown, number][] = [
      [{ userId: s.user.id }, 400],
      [{ userId: s.user.id, deviceId: s.device.id, groupId: s.group.id }, 400],
      [{ userId: s.user.id, tenantId: 1 }, 400],
      [{ deviceId: s.device.id, groupId: s.group.id }, 400],
      [{ geofenceId: s.geofence.id, calendarId: s.calendar.id }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await send('POST', '/api/permissions', s.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    const pair = await send('POST', '/api/permissions', s.headers, { deviceId: s.device.id, groupId: s.group.id });
    expect(pair.json().message).toBe(UNSUPPORTED_LINK);
  });

  it('needs the linked kind’s flag and both objects visible', async () => {
    const s = await setup(['VIEW_GEOFENCES']);
    const foreign = await setup(['VIEW_GEOFENCES']);
    const ok = await send('POST', '/api/permissions', s.headers, { deviceId: s.device.id, geofenceId: s.geofence.id });
    expect(ok.statusCode).toBe(204);
    const noFlag = await send('POST', '/api/permissions', s.headers, { deviceId: s.device.id, driverId: s.driver.id });
    expect(noFlag.statusCode).toBe(403);
    const foreignObject = await send('POST', '/api/permissions', s.headers, {
      deviceId: s.device.id,
      geofenceId: foreign.geofence.id,
    });
    expect(foreignObject.statusCode).toBe(404);
    const foreignOwner = await send('POST', '/api/permissions', s.headers, {
      deviceId: foreign.device.id,
      geofenceId: s.geofence.id,
    });
    expect(foreignOwner.statusCode).toBe(404);
    expect(await t.ctx.db.deviceGeofence.count({ where: { geofenceId: s.geofence.id } })).toBe(1);
    expect(await t.ctx.db.deviceGeofence.count({ where: { deviceId: foreign.device.id } })).toBe(0);
  });

  it('bulk is all or nothing', async () => {
    const s = await setup(['VIEW_GEOFENCES', 'VIEW_NOTIFICATIONS']);
    const foreign = await setup(['VIEW_GEOFENCES']);
    const good = [
      { deviceId: s.device.id, geofenceId: s.geofence.id },
      { groupId: s.group.id, notificationId: s.notification.id },
    ];
    const failed = await send('POST', '/api/permissions/bulk', s.headers, [
      ...good,
      { deviceId: s.device.id, geofenceId: foreign.geofence.id },
    ]);
    expect(failed.statusCode).toBe(404);
    expect(await t.ctx.db.deviceGeofence.count({ where: { deviceId: s.device.id } })).toBe(0);
    expect(await t.ctx.db.groupNotification.count({ where: { groupId: s.group.id } })).toBe(0);
    expect((await send('POST', '/api/permissions/bulk', s.headers, good)).statusCode).toBe(204);
    expect(await t.ctx.db.deviceGeofence.count({ where: { deviceId: s.device.id } })).toBe(1);
    expect(await t.ctx.db.groupNotification.count({ where: { groupId: s.group.id } })).toBe(1);
    expect((await send('DELETE', '/api/permissions/bulk', s.headers, good)).statusCode).toBe(204);
    expect(await t.ctx.db.deviceGeofence.count({ where: { deviceId: s.device.id } })).toBe(0);
    expect(await t.ctx.db.groupNotification.count({ where: { groupId: s.group.id } })).toBe(0);
    expect((await send('POST', '/api/permissions/bulk', s.headers, [])).statusCode).toBe(400);
  });
});

describe('GET /api/permissions', () => {
  it('lists the links between two kinds, 0 standing for any side, only between objects the caller sees', async () => {
    const s = await setup(['VIEW_DEVICE_DETAILS', 'VIEW_GEOFENCES', 'VIEW_USERS']);
    const db = t.ctx.db;
    const second = await db.device.create({
      data: { name: 'D2', uniqueId: `p-${s.tenant.id}-${++seq}`, tenantId: s.tenant.id },
    });
    const other = await buildTenant(t.ctx.db);
    const theirs = await db.device.create({
      data: { name: 'X', uniqueId: `p-${other.id}-${++seq}`, tenantId: other.id },
    });
    await db.deviceGeofence.createMany({
      data: [
        { deviceId: second.id, geofenceId: s.geofence.id },
        { deviceId: s.device.id, geofenceId: s.geofence.id },
        // a row that should not exist across tenants is still never shown
        { deviceId: theirs.id, geofenceId: s.geofence.id },
      ],
    });
    await db.userDevice.create({ data: { userId: s.user.id, deviceId: s.device.id } });
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/permissions?${query}`, headers: s.headers });

    const byGeofence = await get(`deviceId=0&geofenceId=${s.geofence.id}`);
    expect(byGeofence.statusCode).toBe(200);
    expect(byGeofence.json()).toEqual([
      { deviceId: s.device.id, geofenceId: s.geofence.id },
      { deviceId: second.id, geofenceId: s.geofence.id },
    ]);
    expect((await get(`deviceId=${second.id}&geofenceId=0`)).json()).toEqual([
      { deviceId: second.id, geofenceId: s.geofence.id },
    ]);
    expect((await get(`userId=${s.user.id}&deviceId=0`)).json()).toEqual([
      { userId: s.user.id, deviceId: s.device.id },
    ]);

    for (const bad of [`deviceId=0&geofenceId=0`, `deviceId=${s.device.id}`, 'geofenceId=1&notificationId=1']) {
      expect((await get(bad)).statusCode, bad).toBe(400);
    }
    // another tenant's object named: 404; a kind the caller may not manage: 403
    expect((await get(`deviceId=${theirs.id}&geofenceId=0`)).statusCode).toBe(404);
    expect((await get(`deviceId=${s.device.id}&driverId=0`)).statusCode).toBe(403);
  });
});
