import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { Harness } from '../../testing/pipeline-harness';
import { createHarness, message } from '../../testing/pipeline-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let seq = 0;
/**
 * A device of tenant A tied to A's objects every way there is (direct links, its group's links, its calendar, an
 * A user's link and ownership), one link to an object of B, and an administrator to move it.
 */
async function scene() {
  const db = h.t.ctx.db;
  const a = await buildTenant(db);
  const b = await buildTenant(db);
  const group = await db.group.create({ data: { name: 'A fleet', tenantId: a.id } });
  const calendar = await db.calendar.create({ data: { name: 'A hours', tenantId: a.id, data: 'BEGIN:VCALENDAR' } });
  const aUser = await buildUser(db, { tenantId: a.id });
  const bUser = await buildUser(db, { tenantId: b.id });
  const uniqueId = `move-${++seq}-${a.id}`;
  const device = await h.device(uniqueId, {
    tenantId: a.id,
    groupId: group.id,
    calendarId: calendar.id,
    userId: aUser.id,
  });
  const area = 'CIRCLE (52.5 13.4, 500)';
  const fence = await db.geofence.create({ data: { tenantId: a.id, name: 'A depot', area } });
  const groupFence = await db.geofence.create({ data: { tenantId: a.id, name: 'A yard', area } });
  const bFence = await db.geofence.create({ data: { tenantId: b.id, name: 'B depot', area } });
  const computed = await db.computedAttribute.create({
    data: { tenantId: a.id, description: 'A rewrite', attribute: 'rewritten', expression: '"by A"', type: 'string' },
  });
  const rule = await db.notification.create({ data: { tenantId: a.id, type: 'alarm', channels: ['web'] } });
  const driver = await db.driver.create({ data: { tenantId: a.id, uniqueId: `drv-${seq}`, name: 'A driver' } });
  const maintenance = await db.maintenance.create({ data: { tenantId: a.id, name: 'A oil', type: 'totalDistance' } });
  const command = await db.command.create({ data: { tenantId: a.id, description: 'A stop', type: 'engineStop' } });
  const deviceId = device.id;
  await db.deviceGeofence.createMany({
    data: [
      { deviceId, geofenceId: fence.id },
      { deviceId, geofenceId: bFence.id },
    ],
  });
  await db.groupGeofence.create({ data: { groupId: group.id, geofenceId: groupFence.id } });
  await db.deviceComputedAttribute.create({ data: { deviceId, attributeId: computed.id } });
  await db.deviceNotification.create({ data: { deviceId, notificationId: rule.id } });
  await db.deviceDriver.create({ data: { deviceId, driverId: driver.id } });
  await db.deviceMaintenance.create({ data: { deviceId, maintenanceId: maintenance.id } });
  await db.deviceCommand.create({ data: { deviceId, commandId: command.id } });
  await db.userDevice.createMany({
    data: [
      { deviceId, userId: aUser.id },
      { deviceId, userId: bUser.id },
    ],
  });
  const admin = await buildUser(db, { administrator: true });
  const { authorization } = await signIn(h.t.app, admin.email);
  return { a, b, device, uniqueId, bFence, bUser, headers: { authorization } };
}

const linksOf = async (deviceId: number) => {
  const db = h.t.ctx.db;
  const where = { where: { deviceId } };
  return {
    geofences: (await db.deviceGeofence.findMany(where)).map((l) => l.geofenceId),
    computed: await db.deviceComputedAttribute.count(where),
    notifications: await db.deviceNotification.count(where),
    drivers: await db.deviceDriver.count(where),
    maintenances: await db.deviceMaintenance.count(where),
    commands: await db.deviceCommand.count(where),
    users: (await db.userDevice.findMany(where)).map((l) => l.userId),
  };
};

describe('a device that changes tenant (PUT /api/devices/:id)', () => {
  it("loses its links to the old tenant's objects and users, so its geofences and expressions stop applying", async () => {
    const s = await scene();
    const moved = await h.t.app.inject({
      method: 'PUT',
      url: `/api/devices/${s.device.id}`,
      headers: s.headers,
      payload: { tenantId: s.b.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ tenantId: s.b.id, groupId: null, calendarId: null });
    expect(await linksOf(s.device.id)).toEqual({
      geofences: [s.bFence.id],
      computed: 0,
      notifications: 0,
      drivers: 0,
      maintenances: 0,
      commands: 0,
      users: [s.bUser.id],
    });
    const row = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: s.device.id } });
    expect([row.groupId, row.calendarId, row.userId]).toEqual([null, null, null]);
    // the pipeline no longer runs A's expression nor A's geofences on B's positions
    await h.send([message(s.uniqueId, 1)]);
    const position = await h.t.ctx.db.position.findFirstOrThrow({ where: { deviceId: s.device.id } });
    expect((position.attributes as Record<string, unknown>).rewritten).toBeUndefined();
    expect(position.geofenceIds).toEqual([s.bFence.id]);
    const audit = await h.t.ctx.db.auditLog.findFirst({
      where: { action: 'device.updated', objectId: String(s.device.id) },
      orderBy: { id: 'desc' },
    });
    expect(audit?.details).toEqual({ tenantFrom: s.a.id, tenantTo: s.b.id, linksRemoved: 7 });
  });

  it("does the same for a tenant's manager moving a device to a child tenant", async () => {
    const s = await scene();
    const child = await buildTenant(h.t.ctx.db, { parentTenantId: s.a.id });
    const manager = await buildUser(h.t.ctx.db, { tenantId: s.a.id, permissions: ['VIEW_DEVICE_DETAILS'] });
    const { authorization } = await signIn(h.t.app, manager.email);
    const moved = await h.t.app.inject({
      method: 'PUT',
      url: `/api/devices/${s.device.id}`,
      headers: { authorization },
      payload: { tenantId: child.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // the parent's objects are not the child's: its expressions do not run on the child's device either
    expect(await linksOf(s.device.id)).toMatchObject({ geofences: [], computed: 0, users: [] });
  });

  it('keeps every link when the tenant stays the same', async () => {
    const s = await scene();
    const before = await linksOf(s.device.id);
    const res = await h.t.app.inject({
      method: 'PUT',
      url: `/api/devices/${s.device.id}`,
      headers: s.headers,
      payload: { tenantId: s.a.id, name: 'Renamed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linksOf(s.device.id)).toEqual(before);
    expect(res.json()).toMatchObject({ name: 'Renamed', groupId: expect.any(Number), calendarId: expect.any(Number) });
  });
});
