import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { invoiceNumber, runBillingCycle } from './billing-cycle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tenantOnPlan(interval: 'MONTHLY' | 'QUARTERLY' | 'YEARLY', devices: number, disabledDevices = 0) {
  const plan = await t.ctx.db.subscription.create({
    data: { name: `Plan ${Math.random()}`, priceCents: 500, currency: 'EUR', interval },
  });
  const tenant = await buildTenant(t.ctx.db, { subscriptionId: plan.id });
  for (let i = 0; i < devices + disabledDevices; i++) {
    await t.ctx.db.device.create({
      data: { name: `d${i}`, uniqueId: `cycle-${tenant.id}-${i}`, tenantId: tenant.id, disabled: i >= devices },
    });
  }
  return { plan, tenant };
}

describe('runBillingCycle', () => {
  it('issues one invoice per tenant and period, priced by active devices, however often it runs', async () => {
    const { tenant, plan } = await tenantOnPlan('MONTHLY', 3, 2);
    const now = new Date('2026-03-10T08:00:00Z');
    await runBillingCycle(t.ctx.db, now);
    await runBillingCycle(t.ctx.db, new Date('2026-03-20T08:00:00Z'));
    await Promise.all([runBillingCycle(t.ctx.db, now), runBillingCycle(t.ctx.db, now)]);
    const invoices = await t.ctx.db.invoice.findMany({ where: { tenantId: tenant.id } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      number: invoiceNumber(tenant.id, new Date('2026-03-01T00:00:00Z')),
      status: 'ISSUED',
      amountCents: 1500,
      currency: 'EUR',
      subscriptionId: plan.id,
      periodStart: new Date('2026-03-01T00:00:00Z'),
      periodEnd: new Date('2026-04-01T00:00:00Z'),
      dueAt: new Date('2026-03-24T08:00:00Z'),
    });
    expect(invoices[0]?.lines).toEqual([expect.objectContaining({ quantity: 3, unitCents: 500 })]);
    await runBillingCycle(t.ctx.db, new Date('2026-04-02T08:00:00Z'));
    expect(await t.ctx.db.invoice.count({ where: { tenantId: tenant.id } })).toBe(2);
  });

  it('bills a quarterly plan once a quarter, skips lapsed, inactive and disabled-plan tenants', async () => {
    const quarterly = await tenantOnPlan('QUARTERLY', 1);
    await runBillingCycle(t.ctx.db, new Date('2026-04-05T00:00:00Z'));
    await runBillingCycle(t.ctx.db, new Date('2026-06-28T00:00:00Z'));
    const q = await t.ctx.db.invoice.findMany({ where: { tenantId: quarterly.tenant.id } });
    expect(q.map((i) => i.periodStart.toISOString())).toEqual(['2026-04-01T00:00:00.000Z']);

    const lapsed = await tenantOnPlan('MONTHLY', 1);
    await t.ctx.db.tenant.update({
      where: { id: lapsed.tenant.id },
      data: { subscriptionExpiresAt: new Date('2026-01-15T00:00:00Z') },
    });
    const inactive = await tenantOnPlan('MONTHLY', 1);
    await t.ctx.db.tenant.update({ where: { id: inactive.tenant.id }, data: { active: false } });
    const off = await tenantOnPlan('MONTHLY', 1);
    await t.ctx.db.subscription.update({ where: { id: off.plan.id }, data: { disabled: true } });
    await runBillingCycle(t.ctx.db, new Date('2026-03-10T00:00:00Z'));
    for (const x of [lapsed, inactive, off]) {
      expect(await t.ctx.db.invoice.count({ where: { tenantId: x.tenant.id } })).toBe(0);
    }
  });

  it('marks issued invoices past their due date overdue, and leaves paid ones alone', async () => {
    const { tenant } = await tenantOnPlan('MONTHLY', 1);
    await runBillingCycle(t.ctx.db, new Date('2026-05-01T00:00:00Z'));
    const other = await tenantOnPlan('MONTHLY', 1);
    await runBillingCycle(t.ctx.db, new Date('2026-05-01T00:00:00Z'));
    await t.ctx.db.invoice.updateMany({ where: { tenantId: other.tenant.id }, data: { status: 'PAID' } });
    const before = await runBillingCycle(t.ctx.db, new Date('2026-05-14T23:00:00Z'));
    expect((await t.ctx.db.invoice.findFirstOrThrow({ where: { tenantId: tenant.id } })).status).toBe('ISSUED');
    const after = await runBillingCycle(t.ctx.db, new Date('2026-05-15T00:00:01Z'));
    expect(after.overdue).toBeGreaterThan(before.overdue);
    expect((await t.ctx.db.invoice.findFirstOrThrow({ where: { tenantId: tenant.id } })).status).toBe('OVERDUE');
    expect((await t.ctx.db.invoice.findFirstOrThrow({ where: { tenantId: other.tenant.id } })).status).toBe('PAID');
  });
});
