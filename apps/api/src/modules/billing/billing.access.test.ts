import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingKit } from '../../testing/billing-kit';
import type { TestApp } from '../../testing/test-app';

let t: TestApp;
let staff: string;
const { call, billedTenant, staffOf: tenantStaff, start } = billingKit(() => t);
beforeAll(async () => {
  ({ t, staff } = await start());
});
afterAll(() => t.close());

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
