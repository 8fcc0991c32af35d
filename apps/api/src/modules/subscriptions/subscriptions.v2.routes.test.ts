import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingKit } from '../../testing/billing-kit';
import { buildTenant } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { checkPlanDeviceLimit } from './plan-limit';

let t: TestApp;
let staff: string;
const { call, staffOf, start } = billingKit(() => t);
beforeAll(async () => {
  ({ t, staff } = await start());
});
afterAll(() => t.close());

const plan = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  priceCents: 450,
  currency: 'EUR',
  interval: 'MONTHLY',
  deviceLimit: 2,
  permissions: ['VIEW_DEVICES', 'TRACK_DEVICES'],
  ...extra,
});

async function tenantStaff(permissions: Permission[]) {
  const tenant = await buildTenant(t.ctx.db);
  return { tenant, headers: await staffOf(tenant.id, permissions) };
}

describe('/api/v2/subscription', () => {
  it('creates, updates, disables and re-enables a plan, keeping its permission template', async () => {
    const created = await call('POST', '/subscription', staff, plan('Basic'));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      name: 'Basic',
      priceCents: 450,
      deviceLimit: 2,
      disabled: false,
      permissions: ['VIEW_DEVICES', 'TRACK_DEVICES'],
      tenantCount: 0,
    });
    const updated = await call('PUT', `/subscription/${id}`, staff, plan('Basic+', { interval: 'YEARLY' }));
    expect(updated.json().data).toMatchObject({ name: 'Basic+', interval: 'YEARLY' });
    const disabled = await call('PATCH', `/subscription/disable/${id}`, staff);
    expect(disabled.json().data.disabled).toBe(true);
    const list = await call('GET', '/subscription', staff);
    expect(list.json().data.find((p: { id: number }) => p.id === id)).toMatchObject({ disabled: true });
    const enabled = await call('PATCH', `/subscription/enable/${id}`, staff);
    expect(enabled.json().data.disabled).toBe(false);
  });

  it('refuses a duplicate name, a negative price and an unknown flag', async () => {
    await call('POST', '/subscription', staff, plan('Twice'));
    expect((await call('POST', '/subscription', staff, plan('Twice'))).statusCode).toBe(409);
    expect((await call('POST', '/subscription', staff, plan('Neg', { priceCents: -1 }))).statusCode).toBe(400);
    expect((await call('POST', '/subscription', staff, plan('Flag', { permissions: ['ROOT'] }))).statusCode).toBe(400);
  });

  it('assigns a plan to a tenant with its expiry, and refuses disabled plans and plans the devices pass', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const small = (await call('POST', '/subscription', staff, plan('Small', { deviceLimit: 1 }))).json().data;
    for (const n of [1, 2]) {
      await t.ctx.db.device.create({
        data: { name: `d${n}`, uniqueId: `assign-${tenant.id}-${n}`, tenantId: tenant.id },
      });
    }
    const refused = await call('POST', `/subscription/${small.id}/assign`, staff, { tenantId: tenant.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/2 active devices, more than the 1/);

    const roomy = (await call('POST', '/subscription', staff, plan('Roomy', { deviceLimit: 3 }))).json().data;
    const expiresAt = '2031-01-31T00:00:00.000Z';
    const assigned = await call('POST', `/subscription/${roomy.id}/assign`, staff, { tenantId: tenant.id, expiresAt });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ tenantId: tenant.id, expiresAt, activeDevices: 2 });
    expect(assigned.json().data.subscription).toMatchObject({ id: roomy.id, tenantCount: 1 });

    await call('PATCH', `/subscription/disable/${small.id}`, staff);
    const other = await buildTenant(t.ctx.db);
    const disabled = await call('POST', `/subscription/${small.id}/assign`, staff, { tenantId: other.id });
    expect(disabled.statusCode).toBe(409);
  });

  it('enforces the device limit through checkPlanDeviceLimit', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const p = (await call('POST', '/subscription', staff, plan('Limit two'))).json().data;
    await call('POST', `/subscription/${p.id}/assign`, staff, { tenantId: tenant.id });
    await t.ctx.db.device.create({ data: { name: 'a', uniqueId: `lim-${tenant.id}-a`, tenantId: tenant.id } });
    await t.ctx.db.device.create({
      data: { name: 'off', uniqueId: `lim-${tenant.id}-off`, tenantId: tenant.id, disabled: true },
    });
    await expect(checkPlanDeviceLimit(t.ctx.db, tenant.id, 1)).resolves.toBeUndefined();
    await expect(checkPlanDeviceLimit(t.ctx.db, tenant.id, 2)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/allows 2 active devices; it has 1 and cannot take 2 more/),
    });
    const free = await buildTenant(t.ctx.db);
    await expect(checkPlanDeviceLimit(t.ctx.db, free.id, 1000)).resolves.toBeUndefined();
  });

  it('lets only platform staff write plans; tenant staff read their own tenant plans, 404 for others', async () => {
    const a = await tenantStaff(['VIEW_TENANT']);
    const b = await buildTenant(t.ctx.db);
    // the template caps a's staff too: it keeps the flag they read their plan with
    const forA = plan('For A', { permissions: ['VIEW_DEVICES', 'VIEW_TENANT'] });
    const planA = (await call('POST', '/subscription', staff, forA)).json().data;
    const planB = (await call('POST', '/subscription', staff, plan('For B'))).json().data;
    await call('POST', `/subscription/${planA.id}/assign`, staff, { tenantId: a.tenant.id });
    await call('POST', `/subscription/${planB.id}/assign`, staff, { tenantId: b.id });

    expect((await call('POST', '/subscription', a.headers, plan('Mine'))).statusCode).toBe(403);
    expect((await call('PUT', `/subscription/${planA.id}`, a.headers, plan('Mine'))).statusCode).toBe(403);
    expect((await call('PATCH', `/subscription/disable/${planA.id}`, a.headers)).statusCode).toBe(403);
    const list = await call('GET', '/subscription', a.headers);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([planA.id]);
    expect((await call('GET', `/subscription/${planB.id}`, a.headers)).statusCode).toBe(404);
    expect((await call('GET', `/subscription/tenant/${a.tenant.id}`, a.headers)).json().data.subscription.id).toBe(
      planA.id,
    );
    expect((await call('GET', `/subscription/tenant/${b.id}`, a.headers)).statusCode).toBe(404);
    const none = await tenantStaff([]);
    expect((await call('GET', '/subscription', none.headers)).statusCode).toBe(403);
  });
});
