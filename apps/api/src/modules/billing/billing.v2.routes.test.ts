import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingKit } from '../../testing/billing-kit';
import { buildTenant } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';

let t: TestApp;
let staff: string;
const { call, billedTenant, staffOf: tenantStaff, start } = billingKit(() => t);
beforeAll(async () => {
  ({ t, staff } = await start());
});
afterAll(() => t.close());

describe('/api/v2/billing/invoice', () => {
  it('lists invoices paged with tenant and status filters, and gets one', async () => {
    const a = await billedTenant(2);
    const b = await billedTenant(1);
    const all = await call('GET', '/billing/invoice?size=500', staff);
    expect(all.statusCode).toBe(200);
    const numbers = all.json().data.content.map((i: { number: string }) => i.number);
    expect(numbers).toEqual(expect.arrayContaining([a.invoice.number, b.invoice.number]));
    const onlyA = await call('GET', `/billing/invoice?tenantId=${a.tenant.id}`, staff);
    expect(onlyA.json().data).toMatchObject({ totalElements: 1, page: 0 });
    expect(onlyA.json().data.content[0]).toMatchObject({
      tenantName: a.tenant.name,
      amountCents: 2500,
      status: 'ISSUED',
      lines: [{ quantity: 2, unitCents: 1250 }],
    });
    const paid = await call('GET', `/billing/invoice?tenantId=${a.tenant.id}&status=PAID`, staff);
    expect(paid.json().data.totalElements).toBe(0);
    expect((await call('GET', '/billing/invoice?status=LOST', staff)).statusCode).toBe(400);
    const one = await call('GET', `/billing/invoice/${a.invoice.id}`, staff);
    expect(one.json().data.number).toBe(a.invoice.number);
  });

  it('renders the PDF with the invoice number', async () => {
    const { invoice } = await billedTenant(1);
    const res = await call('GET', `/billing/invoice/${invoice.id}/pdf`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(res.rawPayload.toString('latin1')).toContain(invoice.number);
  });

  it('marks an invoice paid by hand once; a second time is a conflict', async () => {
    const { invoice } = await billedTenant(1);
    const paid = await call('POST', `/billing/invoice/${invoice.id}/pay`, staff);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', paidAt: expect.any(String) });
    expect((await call('POST', `/billing/invoice/${invoice.id}/pay`, staff)).statusCode).toBe(409);
  });
});

describe('/api/v2/billing/expired and stats', () => {
  it('lists expired tenants and devices in scope and extends them in one call', async () => {
    const past = new Date(Date.now() - 5 * 86_400_000);
    const tenant = await buildTenant(t.ctx.db, { subscriptionExpiresAt: past });
    const device = await t.ctx.db.device.create({
      data: { name: 'old', uniqueId: `exp-${tenant.id}`, tenantId: tenant.id, expirationTime: past },
    });
    const other = await buildTenant(t.ctx.db, { subscriptionExpiresAt: past });
    const mine = await tenantStaff(tenant.id, ['VIEW_TENANT']);
    const seen = (await call('GET', '/billing/expired', mine)).json().data;
    expect(seen.tenants.map((x: { id: number }) => x.id)).toEqual([tenant.id]);
    expect(seen.devices).toEqual([expect.objectContaining({ id: device.id, tenantName: tenant.name })]);
    expect(
      (await call('POST', '/billing/expired/extend', mine, { tenantIds: [tenant.id], months: 1 })).statusCode,
    ).toBe(403);

    const res = await call('POST', '/billing/expired/extend', staff, {
      tenantIds: [tenant.id, other.id],
      deviceIds: [device.id],
      months: 3,
    });
    expect(res.json().data).toEqual({ tenants: 2, devices: 1 });
    const after = await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } });
    const months = ((after.subscriptionExpiresAt as Date).getTime() - Date.now()) / (30 * 86_400_000);
    expect(months).toBeGreaterThan(2.9);
    expect(months).toBeLessThan(3.1);
    expect((await call('GET', '/billing/expired', mine)).json().data).toEqual({ tenants: [], devices: [] });
    expect((await call('POST', '/billing/expired/extend', staff, { months: 1 })).statusCode).toBe(400);
  });

  it('sums revenue by month and currency, paid apart, counts active devices and churn', async () => {
    const { invoice, tenant } = await billedTenant(2);
    await t.ctx.db.invoice.update({ where: { id: invoice.id }, data: { status: 'PAID' } });
    const mine = await tenantStaff(tenant.id, ['VIEW_TENANT']);
    const stats = await call('GET', '/billing/stats?months=36', mine);
    expect(stats.statusCode).toBe(200);
    const feb = stats.json().data.months.find((m: { month: string }) => m.month === '2026-02');
    expect(feb).toMatchObject({ revenue: { EUR: 2500 }, paid: { EUR: 2500 } });
    expect(stats.json().data).toMatchObject({ activeDevices: 2, activeTenants: 1, currencies: ['EUR'] });
    await t.ctx.db.tenant.update({
      where: { id: tenant.id },
      data: { subscriptionExpiresAt: new Date(Date.now() - 1000) },
    });
    const later = (await call('GET', '/billing/stats?months=1', mine)).json().data;
    expect(later.months).toHaveLength(1);
    expect(later.months[0].churn).toBe(1);
  });
});

describe('POST /api/v2/billing/cycle', () => {
  it("issues the current period's missing invoices on demand, once, for platform staff only", async () => {
    const plan = await t.ctx.db.subscription.create({ data: { name: `Now ${Math.random()}`, priceCents: 300 } });
    const tenant = await buildTenant(t.ctx.db, { subscriptionId: plan.id });
    await t.ctx.db.device.create({ data: { name: 'n', uniqueId: `now-${tenant.id}`, tenantId: tenant.id } });

    const first = await call('POST', '/billing/cycle', staff);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.issued).toBeGreaterThanOrEqual(1);
    const invoices = await t.ctx.db.invoice.findMany({ where: { tenantId: tenant.id } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.amountCents).toBe(300);

    const again = await call('POST', '/billing/cycle', staff);
    expect(again.json().data.issued).toBe(0);
    expect(await t.ctx.db.invoice.count({ where: { tenantId: tenant.id } })).toBe(1);

    // a tenant's own administrator cannot bill the platform, even holding the flag
    const own = await tenantStaff(tenant.id, ['VIEW_TENANT']);
    expect((await call('POST', '/billing/cycle', own)).statusCode).toBe(403);
    const audited = await t.ctx.db.auditLog.count({ where: { action: 'billing.cycle' } });
    expect(audited).toBe(2);
  });
});
