import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../jobs/billing-cycle';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT'] });
  staff = (await signIn(t.app, admin.email)).authorization;
});
afterAll(() => t.close());

async function call(method: string, url: string, authorization: string, payload?: unknown) {
  return t.app.inject({
    method: method as never,
    url: `/api/v2${url}`,
    headers: { authorization },
    payload: payload as never,
  });
}

async function billedTenant(devices = 2, parentTenantId?: number) {
  const plan = await t.ctx.db.subscription.create({
    data: { name: `Plan ${Math.random()}`, priceCents: 1250, currency: 'EUR' },
  });
  const tenant = await buildTenant(t.ctx.db, { subscriptionId: plan.id, parentTenantId });
  for (let i = 0; i < devices; i++) {
    await t.ctx.db.device.create({ data: { name: `d${i}`, uniqueId: `bill-${tenant.id}-${i}`, tenantId: tenant.id } });
  }
  await runBillingCycle(t.ctx.db, new Date('2026-02-03T00:00:00Z'));
  const invoice = await t.ctx.db.invoice.findFirstOrThrow({ where: { tenantId: tenant.id } });
  return { tenant, plan, invoice };
}

async function tenantStaff(tenantId: number, permissions: Permission[]) {
  const user = await buildUser(t.ctx.db, { tenantId, permissions });
  return (await signIn(t.app, user.email)).authorization;
}

describe('invoices and expiries across tenants', () => {
  it('keeps tenants apart: 404 on another tenant’s invoice, 403 without the flags, a reseller sees its subtree', async () => {
    const a = await billedTenant(1);
    const b = await billedTenant(1);
    const child = await billedTenant(1, a.tenant.id);
    const adminA = await tenantStaff(a.tenant.id, ['VIEW_TENANT']);
    for (const path of ['', '/pdf']) {
      expect((await call('GET', `/billing/invoice/${b.invoice.id}${path}`, adminA)).statusCode).toBe(404);
    }
    expect((await call('POST', `/billing/invoice/${b.invoice.id}/checkout`, adminA)).statusCode).toBe(404);
    expect((await call('POST', `/billing/invoice/${a.invoice.id}/pay`, adminA)).statusCode).toBe(403);
    const listed = await call('GET', '/billing/invoice?size=100', adminA);
    expect(
      listed
        .json()
        .data.content.map((i: { id: number }) => i.id)
        .sort(),
    ).toEqual([a.invoice.id, child.invoice.id].sort());
    expect((await call('GET', `/billing/invoice?tenantId=${b.tenant.id}`, adminA)).json().data.totalElements).toBe(0);
    const childAdmin = await tenantStaff(child.tenant.id, ['VIEW_TENANT']);
    expect((await call('GET', `/billing/invoice/${a.invoice.id}`, childAdmin)).statusCode).toBe(404);
    // platform staff see every tenant's invoices and alone mark them paid
    expect((await call('GET', `/billing/invoice/${b.invoice.id}`, staff)).statusCode).toBe(200);
    expect((await call('POST', `/billing/invoice/${b.invoice.id}/pay`, staff)).statusCode).toBe(200);
    const noFlags = await tenantStaff(a.tenant.id, ['VIEW_DEVICES']);
    for (const url of ['/billing/invoice', `/billing/invoice/${a.invoice.id}`, '/billing/expired', '/billing/stats']) {
      expect((await call('GET', url, noFlags)).statusCode, url).toBe(403);
    }
  });
});
