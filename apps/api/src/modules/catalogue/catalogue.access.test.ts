import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = async (user: { email: string }) => {
  const { authorization } = await signIn(t.app, user.email);
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { authorization }, payload: payload as never });
};

describe('who may read and change the platform catalogues', () => {
  it('answers 403 to a reader without the page flag', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const call = await as(await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_SIMS'] }));
    expect((await call('GET', '/model')).statusCode).toBe(403);
    expect((await call('GET', '/manufacturer')).statusCode).toBe(403);
    expect((await call('GET', '/vendor')).statusCode).toBe(403);
    // the SIM card forms need the vendor picker
    expect((await call('GET', '/sim/vendor')).statusCode).toBe(200);
  });

  it('lets a tenant admin read models and vendors but never change platform rows', async () => {
    const model = await t.ctx.db.deviceModel.create({ data: { name: 'Platform model', port: 5023, protocol: 'gt06' } });
    const vendor = await t.ctx.db.vendor.create({ data: { name: 'Platform vendor' } });
    const maker = await t.ctx.db.manufacturer.create({ data: { name: 'Platform maker' } });
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    for (const [tenantId, n] of [
      [tenant.id, 1],
      [other.id, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await t.ctx.db.device.create({
          data: { name: 'D', uniqueId: `cat-${tenantId}-${i}`, tenantId, modelId: model.id, vendorId: vendor.id },
        });
        await t.ctx.db.simCard.create({
          data: { iccid: `89000${tenantId}${i}`.padEnd(19, '0'), tenantId, vendorId: vendor.id },
        });
      }
    }
    const call = await as(await buildUser(t.ctx.db, { tenantId: tenant.id, administrator: true }));
    // counts of devices and SIM cards cover the tenant's own rows, not the platform's
    const models = (await call('GET', '/model?size=500')).json().data.content;
    expect(models.find((m: { id: number }) => m.id === model.id)).toMatchObject({ deviceCount: 1 });
    const vendors = (await call('GET', '/sim/vendor')).json().data;
    expect(vendors.find((v: { id: number }) => v.id === vendor.id)).toMatchObject({ simCount: 1 });
    const writes = [
      await call('POST', '/model', { name: 'Mine', port: 5023 }),
      await call('PUT', `/model/${model.id}`, { name: 'Taken', port: 5023 }),
      await call('DELETE', `/model/${model.id}`),
      await call('POST', '/manufacturer', { name: 'Mine' }),
      await call('PUT', `/manufacturer/${maker.id}`, { name: 'Taken' }),
      await call('DELETE', `/manufacturer/${maker.id}`),
      await call('POST', '/vendor', { name: 'Mine' }),
      await call('PUT', `/vendor/${vendor.id}`, { name: 'Taken' }),
      await call('DELETE', `/vendor/${vendor.id}`),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual(writes.map(() => 403));
    expect(await t.ctx.db.deviceModel.findUnique({ where: { id: model.id } })).toMatchObject({
      name: 'Platform model',
    });
    expect(await t.ctx.db.vendor.findUnique({ where: { id: vendor.id } })).toMatchObject({ name: 'Platform vendor' });
    expect(await t.ctx.db.manufacturer.findUnique({ where: { id: maker.id } })).toMatchObject({
      name: 'Platform maker',
    });
    expect(await t.ctx.db.deviceModel.count({ where: { name: 'Mine' } })).toBe(0);
  });

  it('needs ADMIN_ACCOUNT and the page flag together to write, even for platform staff', async () => {
    const flagOnly = await as(await buildUser(t.ctx.db, { permissions: ['VIEW_MODELS', 'VIEW_VENDORS'] }));
    expect((await flagOnly('POST', '/model', { name: 'No admin', port: 5023 })).statusCode).toBe(403);
    expect((await flagOnly('POST', '/vendor', { name: 'No admin' })).statusCode).toBe(403);
    const adminOnly = await as(await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT', 'VIEW_VENDORS'] }));
    expect((await adminOnly('POST', '/model', { name: 'No flag', port: 5023 })).statusCode).toBe(403);
    expect((await adminOnly('POST', '/vendor', { name: 'Allowed vendor' })).statusCode).toBe(200);
  });
});
