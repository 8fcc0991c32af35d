import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { validIccid } from './sims.test-kit';

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
const ids = (res: { json: () => { data: { content: { id: number }[] } } }) => res.json().data.content.map((s) => s.id);

describe('who may see and change SIM cards', () => {
  it('a reseller sees its subtree’s cards, nothing above or beside; foreign ids are 404', async () => {
    const top = await buildTenant(t.ctx.db);
    const reseller = await buildTenant(t.ctx.db, { parentTenantId: top.id });
    const child = await buildTenant(t.ctx.db, { parentTenantId: reseller.id });
    const sibling = await buildTenant(t.ctx.db, { parentTenantId: top.id });
    const card = (tenantId: number | null) => t.ctx.db.simCard.create({ data: { iccid: validIccid(), tenantId } });
    const [own, below, above, beside, stock] = await Promise.all([
      card(reseller.id),
      card(child.id),
      card(top.id),
      card(sibling.id),
      card(null),
    ]);
    const call = await as(
      await buildUser(t.ctx.db, {
        tenantId: reseller.id,
        permissions: ['VIEW_SIMS', 'VIEW_SIM_DETAILS'],
      }),
    );
    const seen = ids(await call('GET', '/sim?size=500'));
    expect(seen.sort()).toEqual([own.id, below.id].sort());
    expect((await call('GET', '/sim/stats')).json().data).toEqual({ IN_STOCK: 2, ACTIVE: 0, SUSPENDED: 0, RETIRED: 0 });
    expect((await call('GET', `/sim/${below.id}`)).statusCode).toBe(200);
    for (const foreign of [above, beside, stock]) {
      expect((await call('GET', `/sim/${foreign.id}`)).statusCode).toBe(404);
      expect((await call('GET', `/sim/${foreign.id}/history`)).statusCode).toBe(404);
    }
  });

  it('answers 403 without the flags: list, details, writes', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const sim = await t.ctx.db.simCard.create({ data: { iccid: validIccid(), tenantId: tenant.id } });
    const listOnly = await as(await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_SIMS'] }));
    expect((await listOnly('GET', '/sim')).statusCode).toBe(200);
    expect((await listOnly('GET', `/sim/${sim.id}`)).statusCode).toBe(403);
    expect((await listOnly('POST', '/sim', { iccid: validIccid() })).statusCode).toBe(403);
    const detailsOnly = await as(
      await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_SIM_DETAILS', 'VIEW_MODELS'] }),
    );
    expect((await detailsOnly('GET', '/sim')).statusCode).toBe(403);
    // ADMIN_ACCOUNT without VIEW_SIMS does not write either
    const staff = await as(await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT', 'VIEW_MODELS'] }));
    expect((await staff('POST', '/sim', { iccid: validIccid() })).statusCode).toBe(403);
    expect((await staff('POST', '/sim/import/preview', { csv: `ICCID\n${validIccid()}` })).statusCode).toBe(403);
  });

  it('a tenant admin manages its own cards and cannot reach another tenant’s card or device', async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const simB = await t.ctx.db.simCard.create({ data: { iccid: validIccid(), tenantId: b.id } });
    const deviceB = await t.ctx.db.device.create({ data: { name: 'B', uniqueId: `simacc-b-${b.id}`, tenantId: b.id } });
    const call = await as(await buildUser(t.ctx.db, { tenantId: a.id, administrator: true }));
    const mine = await call('POST', '/sim', { iccid: validIccid() });
    expect(mine.json().data.tenantId).toBe(a.id);
    const id = mine.json().data.id;
    expect((await call('POST', `/sim/${id}/device`, { deviceId: deviceB.id })).statusCode).toBe(404);
    expect((await call('PUT', `/sim/${simB.id}`, { iccid: simB.iccid, status: 'ACTIVE' })).statusCode).toBe(404);
    expect((await call('DELETE', `/sim/${simB.id}`)).statusCode).toBe(404);
    expect((await t.ctx.db.simCard.findUniqueOrThrow({ where: { id: simB.id } })).status).toBe('IN_STOCK');
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: deviceB.id } })).simCardId).toBeNull();
  });
});
