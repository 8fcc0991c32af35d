import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { validIccid } from '../sims/sims.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function dashboardOf(user: { email: string }) {
  const { authorization } = await signIn(t.app, user.email);
  return t.app.inject({ method: 'GET', url: '/api/v2/dashboard', headers: { authorization } });
}

/** A tenant with `devices` devices (the first online), one SIM card, one overdue invoice and positions today. */
async function fleet(name: string, devices: number, parentTenantId?: number) {
  const tenant = await buildTenant(t.ctx.db, {
    name,
    parentTenantId,
    subscriptionExpiresAt: new Date(Date.now() + 10 * DAY),
  });
  for (let i = 0; i < devices; i++) {
    const device = await t.ctx.db.device.create({
      data: {
        name: `${name} ${i}`,
        uniqueId: `dash-${tenant.id}-${i}`,
        tenantId: tenant.id,
        status: i === 0 ? 'online' : 'offline',
        stockStatus: 'ASSIGNED',
      },
    });
    const now = new Date();
    await storePosition(t.ctx.db, {
      data: {
        deviceId: device.id,
        tenantId: tenant.id,
        deviceTime: now,
        fixTime: now,
        valid: true,
        latitude: 1,
        longitude: 2,
      },
    });
  }
  await t.ctx.db.simCard.create({ data: { iccid: validIccid(), tenantId: tenant.id, status: 'ACTIVE' } });
  await t.ctx.db.invoice.create({
    data: {
      tenantId: tenant.id,
      number: `INV-${tenant.id}`,
      status: 'ISSUED',
      amountCents: 1000,
      dueAt: new Date(Date.now() - DAY),
      periodStart: new Date(Date.now() - 30 * DAY),
      periodEnd: new Date(),
    },
  });
  return tenant;
}

describe('the admin dashboard (/api/v2/dashboard)', () => {
  it('answers 403 without VIEW_ADMIN_DASHBOARD, and a tenant role cannot grant it', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_MODELS'] });
    expect((await dashboardOf(viewer)).statusCode).toBe(403);
    const granted = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_ADMIN_DASHBOARD'] });
    expect((await dashboardOf(granted)).statusCode).toBe(403);
  });

  it('gives a tenant admin the figures of its subtree only', async () => {
    const top = await fleet('Top', 1);
    const reseller = await fleet('Reseller', 2, top.id);
    const customer = await fleet('Customer', 3, reseller.id);
    await fleet('Beside', 4, top.id);
    // an inactive sub-tenant counts as inactive (its own data is hidden from the tenants above it until reactivated)
    await buildTenant(t.ctx.db, { name: 'Dormant', parentTenantId: reseller.id, active: false });
    const device = await t.ctx.db.device.findFirstOrThrow({ where: { tenantId: customer.id } });
    const yesterday = new Date(Date.now() - DAY);
    await storePosition(t.ctx.db, {
      data: {
        deviceId: device.id,
        tenantId: customer.id,
        deviceTime: yesterday,
        fixTime: yesterday,
        valid: true,
        latitude: 1,
        longitude: 2,
      },
    });
    const admin = await buildUser(t.ctx.db, { tenantId: reseller.id, administrator: true });
    const res = await dashboardOf(admin);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.tenants).toEqual({ active: 2, inactive: 1 });
    expect(d.users).toBe(1);
    expect(d.devices.total).toBe(5);
    expect(d.devices.byStock).toMatchObject({ ASSIGNED: 5, IN_STOCK: 0 });
    expect(d.devices.byConnection).toEqual({ online: 2, offline: 3, unknown: 0 });
    expect(d.sims).toEqual({ IN_STOCK: 0, ACTIVE: 2, SUSPENDED: 0, RETIRED: 0 });
    expect(d.expiringSubscriptions.map((s: { name: string }) => s.name).sort()).toEqual(['Customer', 'Reseller']);
    expect(d.overdueInvoices).toEqual({ count: 2, amounts: [{ currency: 'EUR', amountCents: 2000 }] });
    expect(d.positionsPerDay).toHaveLength(30);
    expect(d.positionsPerDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 5 });
    expect(d.positionsPerDay.at(-2)).toEqual({ day: yesterday.toISOString().slice(0, 10), count: 1 });
    expect(d.positionsPerDay.slice(0, -2).every((p: { count: number }) => p.count === 0)).toBe(true);
    expect(d.topTenants).toEqual([
      { tenantId: customer.id, name: 'Customer', devices: 3 },
      { tenantId: reseller.id, name: 'Reseller', devices: 2 },
    ]);
  });

  it('gives platform staff every tenant', async () => {
    await fleet('Platform view', 1);
    const staff = await buildUser(t.ctx.db, { permissions: ['VIEW_ADMIN_DASHBOARD'] });
    const d = (await dashboardOf(staff)).json().data;
    const tenants = await t.ctx.db.tenant.count();
    expect(d.tenants.active + d.tenants.inactive).toBe(tenants);
    expect(d.devices.total).toBe(await t.ctx.db.device.count());
    const sum = d.positionsPerDay.reduce((a: number, p: { count: number }) => a + p.count, 0);
    expect(sum).toBe(await t.ctx.db.position.count());
  });
});
