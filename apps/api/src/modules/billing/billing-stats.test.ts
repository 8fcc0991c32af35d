import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { addMonths, monthKey } from './billing-periods';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT'] });
  staff = (await signIn(t.app, admin.email)).authorization;
});
afterAll(() => t.close());

const post = (url: string) => t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { authorization: staff } });

describe('churn in GET /api/v2/billing/stats', () => {
  it('counts tenants deactivated in each month over the tenants active at its start', async () => {
    const now = new Date();
    const current = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const previous = addMonths(current, -1);
    const createdAt = addMonths(current, -10);
    // deactivated in the middle of last month, and long before the three months asked for
    await buildTenant(t.ctx.db, {
      createdAt,
      active: false,
      deactivatedAt: new Date(previous.getTime() + 9 * 86_400_000),
    });
    await buildTenant(t.ctx.db, { createdAt, active: false, deactivatedAt: addMonths(current, -5) });
    await buildTenant(t.ctx.db, { createdAt });
    const leaving = await buildTenant(t.ctx.db, { createdAt });
    const back = await buildTenant(t.ctx.db, { createdAt });
    // a tenant created this month is not among those active at its start
    await buildTenant(t.ctx.db);

    expect((await post(`/tenant/${leaving.id}/deactivate`)).statusCode).toBe(200);
    expect((await post(`/tenant/${back.id}/deactivate`)).statusCode).toBe(200);
    expect((await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: back.id } })).deactivatedAt).toBeInstanceOf(Date);
    expect((await post(`/tenant/${back.id}/activate`)).statusCode).toBe(200);
    expect((await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: back.id } })).deactivatedAt).toBeNull();

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/billing/stats?months=3',
      headers: { authorization: staff },
    });
    expect(res.statusCode).toBe(200);
    const months = res.json().data.months as Array<{ month: string; churn: number; churnRate: number | null }>;
    expect(months.map(({ month, churn, churnRate }) => ({ month, churn, churnRate }))).toEqual([
      // four active at its start (the one deactivated five months ago is gone), none lost
      { month: monthKey(addMonths(current, -2)), churn: 0, churnRate: 0 },
      { month: monthKey(previous), churn: 1, churnRate: 1 / 4 },
      // three left at this month's start; the reactivated tenant is not lost
      { month: monthKey(current), churn: 1, churnRate: 1 / 3 },
    ]);
    expect(res.json().data.activeTenants).toBe(3);
  });
});
