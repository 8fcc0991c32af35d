import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storeFix } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A device of a new tenant with positions at the given hours of 1 March 2026, the last one its latest. */
async function deviceWithHistory(hours: number[]) {
  const tenant = await buildTenant(t.ctx.db);
  const device = await t.ctx.db.device.create({
    data: { name: 'Van', uniqueId: `rm-${tenant.id}-${++seq}`, tenantId: tenant.id },
  });
  const positions = [];
  for (const hour of hours) positions.push(await storeFix(t.ctx.db, device, new Date(Date.UTC(2026, 2, 1, hour))));
  const last = positions.at(-1);
  await t.ctx.db.device.update({
    where: { id: device.id },
    data: { positionId: last?.id ?? null, positionTime: last?.fixTime ?? null },
  });
  await t.ctx.db.deviceActivity.create({
    data: { deviceId: device.id, state: {}, since: new Date(Date.UTC(2026, 2, 1)), settings: 'kept' },
  });
  return { tenant, device, positions };
}

const left = async (deviceId: number) =>
  (await t.ctx.db.position.findMany({ where: { deviceId }, orderBy: { fixTime: 'asc' } })).map((p) =>
    p.fixTime.getUTCHours(),
  );

describe('DELETE /api/positions and /api/positions/:id', () => {
  it('removes a period of a device’s history; its latest becomes the newest left, its trips are folded again', async () => {
    const { tenant, device, positions } = await deviceWithHistory([8, 9, 10, 11]);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICE_DETAILS'] });
    const headers = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/positions?deviceId=${device.id}&from=2026-03-01T09:30:00Z&to=2026-03-01T12:00:00Z`,
      headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await left(device.id)).toEqual([8, 9]);
    expect(await t.ctx.db.device.findUniqueOrThrow({ where: { id: device.id } })).toMatchObject({
      positionId: positions[1]?.id,
      positionTime: positions[1]?.fixTime,
    });
    expect(await t.ctx.db.deviceActivity.findUniqueOrThrow({ where: { deviceId: device.id } })).toMatchObject({
      settings: '',
    });
    const row = await t.ctx.db.auditLog.findFirstOrThrow({ where: { action: 'position.deleted', userId: user.id } });
    expect(row.details).toMatchObject({ count: 2 });

    const one = await t.app.inject({ method: 'DELETE', url: `/api/positions/${positions[0]?.id}`, headers });
    expect(one.statusCode).toBe(204);
    expect(await left(device.id)).toEqual([9]);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/positions/${positions[1]?.id}`, headers });
    expect(gone.statusCode).toBe(204);
    expect(await t.ctx.db.device.findUniqueOrThrow({ where: { id: device.id } })).toMatchObject({
      positionId: null,
      positionTime: null,
    });
  });

  it('is refused to those who may not edit the device, and another tenant’s history is not found', async () => {
    const { tenant, device, positions } = await deviceWithHistory([8, 9]);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES', 'VIEW_REPLAYS'] });
    const readonly = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_DEVICE_DETAILS'],
      deviceReadonly: true,
    });
    const period = `deviceId=${device.id}&from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z`;
    for (const who of [viewer, readonly]) {
      const headers = await signIn(t.app, who.email);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/positions?${period}`, headers })).statusCode).toBe(403);
      const one = await t.app.inject({ method: 'DELETE', url: `/api/positions/${positions[0]?.id}`, headers });
      expect(one.statusCode).toBe(403);
    }
    const other = await buildTenant(t.ctx.db);
    const stranger = await buildUser(t.ctx.db, { tenantId: other.id, permissions: ['VIEW_DEVICE_DETAILS'] });
    const headers = await signIn(t.app, stranger.email);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/positions?${period}`, headers })).statusCode).toBe(404);
    const one = await t.app.inject({ method: 'DELETE', url: `/api/positions/${positions[0]?.id}`, headers });
    expect(one.statusCode).toBe(404);
    const backwards = await t.app.inject({
      method: 'DELETE',
      url: `/api/positions?deviceId=${device.id}&from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z`,
      headers: await signIn(
        t.app,
        (await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICE_DETAILS'] })).email,
      ),
    });
    expect(backwards.statusCode).toBe(400);
    expect(await left(device.id)).toEqual([8, 9]);
  });
});
