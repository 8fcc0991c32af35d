import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { authorization } });

async function adminOf(tenantId: number, permissions = ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'] as const) {
  const user = await buildUser(t.ctx.db, { tenantId, permissions: [...permissions] });
  return (await signIn(t.app, user.email)).authorization;
}

describe('device stock access', () => {
  it("gives a tenant admin of A 404 for B's devices, and B is unchanged", async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const deviceB = await t.ctx.db.device.create({ data: { name: 'B', uniqueId: `acc-b-${b.id}`, tenantId: b.id } });
    const asA = await adminOf(a.id);
    const tries: [string, string, unknown?][] = [
      ['GET', `/device/${deviceB.id}`],
      ['PUT', `/device/${deviceB.id}`, { name: 'taken' }],
      ['POST', `/device/${deviceB.id}/deactivate`],
      ['POST', `/device/${deviceB.id}/tenant`, { tenantId: a.id }],
      ['POST', `/device/${deviceB.id}/unassign`],
      ['DELETE', `/device/${deviceB.id}`],
      ['POST', '/device/user/move', { deviceIds: [deviceB.id], userId: 1 }],
      ['PUT', '/device/expiry', { deviceIds: [deviceB.id], expirationTime: null }],
    ];
    for (const [method, url, payload] of tries) {
      const res = await t.app.inject({
        method: method as never,
        url: `/api/v2${url}`,
        headers: { authorization: asA },
        payload: payload as never,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await t.ctx.db.device.findUniqueOrThrow({ where: { id: deviceB.id } })).toMatchObject({
      name: 'B',
      tenantId: b.id,
      disabled: false,
    });
    const list = (await get('/device?size=500', asA)).json().data;
    expect(list.content.map((d: { id: number }) => d.id)).not.toContain(deviceB.id);
  });

  it('refuses 403 without VIEW_DEVICES, and the detail without VIEW_DEVICE_DETAILS', async () => {
    const a = await buildTenant(t.ctx.db);
    const none = await adminOf(a.id, [] as never);
    for (const url of ['/device', '/device/stats', '/device/1']) expect((await get(url, none)).statusCode).toBe(403);
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/v2/device/import/preview',
      headers: { authorization: none },
      payload: { csv: 'imei\n1' },
    });
    expect(move.statusCode).toBe(403);
  });

  it('keeps the platform stock out of tenants, and a tenant cannot take a stock device', async () => {
    const a = await buildTenant(t.ctx.db);
    const stock = await t.ctx.db.device.create({ data: { name: 'stock', uniqueId: `acc-stock-${a.id}` } });
    const asA = await adminOf(a.id);
    const list = (await get('/device?size=500', asA)).json().data;
    expect(list.content.some((d: { tenantId: number | null }) => d.tenantId === null)).toBe(false);
    expect((await get(`/device/${stock.id}`, asA)).statusCode).toBe(404);
    const take = await t.app.inject({
      method: 'POST',
      url: `/api/v2/device/${stock.id}/tenant`,
      headers: { authorization: asA },
      payload: { tenantId: a.id },
    });
    expect(take.statusCode).toBe(404);
    const stats = (await get('/device/stats', asA)).json().data;
    expect(stats.IN_STOCK).toBe(0);
  });

  it('lets a reseller see and move devices in its subtree, and nothing above or beside', async () => {
    const parent = await buildTenant(t.ctx.db);
    const child = await buildTenant(t.ctx.db, { parentTenantId: parent.id });
    const sibling = await buildTenant(t.ctx.db);
    const inParent = await t.ctx.db.device.create({
      data: { name: 'p', uniqueId: `acc-p-${parent.id}`, tenantId: parent.id },
    });
    const inChild = await t.ctx.db.device.create({
      data: { name: 'c', uniqueId: `acc-c-${child.id}`, tenantId: child.id },
    });
    const beside = await t.ctx.db.device.create({
      data: { name: 's', uniqueId: `acc-s-${sibling.id}`, tenantId: sibling.id },
    });
    const asParent = await adminOf(parent.id);
    const asChild = await adminOf(child.id);
    const page = (await get('/device?size=500', asParent)).json().data;
    expect(page.content.map((d: { id: number }) => d.id).sort()).toEqual([inParent.id, inChild.id].sort());
    expect(page.totalElements).toBe(2);
    expect((await get(`/device/${inChild.id}`, asParent)).statusCode).toBe(200);
    expect((await get(`/device/${inParent.id}`, asChild)).statusCode).toBe(404);
    expect((await get(`/device/${beside.id}`, asParent)).statusCode).toBe(404);
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/v2/device/${inParent.id}/tenant`,
      headers: { authorization: asParent },
      payload: { tenantId: child.id },
    });
    expect(down.json().data).toMatchObject({ tenantId: child.id, stockStatus: 'UN_ASSIGNED' });
    const sideways = await t.app.inject({
      method: 'POST',
      url: `/api/v2/device/${inChild.id}/tenant`,
      headers: { authorization: asParent },
      payload: { tenantId: sibling.id },
    });
    expect(sideways.statusCode).toBe(404);
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: inChild.id } })).tenantId).toBe(child.id);
  });
});
