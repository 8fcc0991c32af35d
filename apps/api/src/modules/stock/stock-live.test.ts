import type { Device } from '@waymark/contracts/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSocket } from '../../notifications/testing/socket';
import { openSocket, waitUntil } from '../../notifications/testing/socket';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await buildUser(t.ctx.db, { administrator: true });
  admin = (await signIn(t.app, user.email)).authorization;
});
afterAll(() => t.close());

const post = async (url: string, payload?: object) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { authorization: admin }, payload });
  expect(res.statusCode, res.body).toBe(200);
};

/** The live socket of a new user of this tenant who watches its devices. */
async function watcher(tenantId: number): Promise<TestSocket> {
  const user = await buildUser(t.ctx.db, { tenantId, permissions: ['VIEW_DEVICES'] });
  return openSocket(t.app, (await signIn(t.app, user.email)).body.accessToken);
}

const devicesOf = (socket: TestSocket) => socket.frames.flatMap((f) => (f.devices ?? []) as Device[]);

/** Waits for the socket's next devices frame (the `count`th in all) and returns its device. */
async function nextDevice(socket: TestSocket, count: number): Promise<Device | undefined> {
  await waitUntil(() => devicesOf(socket).length >= count, `devices frame ${count}`);
  return devicesOf(socket)[count - 1];
}

describe('live device frames on admin changes', () => {
  it('tells the tenants a stock device joins, and only them, of each assignment and of its switching off and on', async () => {
    const [a, b] = [await buildTenant(t.ctx.db), await buildTenant(t.ctx.db)];
    const [inA, inB] = [await watcher(a.id), await watcher(b.id)];
    const model = await t.ctx.db.deviceModel.create({ data: { name: `Live ${a.id}` } });
    const device = await t.ctx.db.device.create({
      data: { name: 'Van', uniqueId: `live-${a.id}`, modelId: model.id },
    });

    await post(`/device/${device.id}/tenant`, { tenantId: a.id });
    expect(await nextDevice(inA, 1)).toMatchObject({ id: device.id, tenantId: a.id, model: model.name });
    // moved on: the new tenant takes it in; the old one has no removal frame, so it hears nothing
    await post(`/device/${device.id}/tenant`, { tenantId: b.id });
    expect(await nextDevice(inB, 1)).toMatchObject({ id: device.id, tenantId: b.id });
    const group = await t.ctx.db.group.create({ data: { name: 'Vans', tenantId: b.id } });
    await post(`/device/${device.id}/group`, { groupId: group.id });
    expect(await nextDevice(inB, 2)).toMatchObject({ groupId: group.id });
    await post(`/device/${device.id}/unassign`);
    expect(await nextDevice(inB, 3)).toMatchObject({ groupId: null, userId: null });
    await post(`/device/${device.id}/deactivate`);
    expect(await nextDevice(inB, 4)).toMatchObject({ disabled: true });
    await post(`/device/${device.id}/activate`);
    expect(await nextDevice(inB, 5)).toMatchObject({ disabled: false });
    expect(devicesOf(inA)).toHaveLength(1);
    inA.close();
    inB.close();
  });

  it("tells a tenant of a device put in one of its groups or taken out through the tenant's device list", async () => {
    const [tenant, other] = [await buildTenant(t.ctx.db), await buildTenant(t.ctx.db)];
    const [own, bystander] = [await watcher(tenant.id), await watcher(other.id)];
    const group = await t.ctx.db.group.create({ data: { name: 'Trucks', tenantId: tenant.id } });
    const device = await t.ctx.db.device.create({
      data: { name: 'Truck', uniqueId: `live-t-${tenant.id}`, tenantId: tenant.id },
    });
    await post(`/tenant/${tenant.id}/device/${device.id}/group/${group.id}`);
    expect(await nextDevice(own, 1)).toMatchObject({ id: device.id, groupId: group.id });
    await post(`/tenant/${tenant.id}/device/${device.id}/unassign`);
    expect(await nextDevice(own, 2)).toMatchObject({ id: device.id, groupId: null });
    expect(devicesOf(bystander)).toEqual([]);
    own.close();
    bystander.close();
  });

  it('tells a tenant of a device created for it or moved to it through /api/devices', async () => {
    const [a, b] = [await buildTenant(t.ctx.db), await buildTenant(t.ctx.db)];
    const [inA, inB] = [await watcher(a.id), await watcher(b.id)];
    const write = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await t.app.inject({ method, url, headers: { authorization: admin }, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Device;
    };
    const created = await write('POST', '/api/devices', { name: 'Car', uniqueId: `live-d-${a.id}`, tenantId: a.id });
    expect(await nextDevice(inA, 1)).toMatchObject({ id: created.id, tenantId: a.id });
    await write('PUT', `/api/devices/${created.id}`, { tenantId: b.id });
    expect(await nextDevice(inB, 1)).toMatchObject({ id: created.id, tenantId: b.id });
    expect(devicesOf(inA)).toHaveLength(1);
    inA.close();
    inB.close();
  });
});
