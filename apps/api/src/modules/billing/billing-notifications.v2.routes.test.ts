import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

async function manager(parentTenantId?: number) {
  const tenant = await buildTenant(t.ctx.db, { parentTenantId });
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_BILLING_NOTIFICATIONS'] });
  return { tenant, headers: (await signIn(t.app, user.email)).authorization };
}

const rule = { name: 'Week ahead', type: 'DAYS_BEFORE_EXPIRY', value: 7 };

describe('/api/v2/billing/notification', () => {
  it('creates, lists, updates, toggles and deletes a tenant’s rule', async () => {
    const a = await manager();
    const created = await call('POST', '/billing/notification', a.headers, rule);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ ...rule, status: 'enabled', tenantId: a.tenant.id });
    const updated = await call('PUT', `/billing/notification/${id}`, a.headers, { ...rule, value: 3 });
    expect(updated.json().data.value).toBe(3);
    expect((await call('PUT', `/billing/notification/disable/${id}`, a.headers)).json().data.status).toBe('disabled');
    const list = await call('GET', '/billing/notification/all', a.headers);
    expect(list.json().data).toEqual([expect.objectContaining({ id, status: 'disabled', value: 3 })]);
    expect((await call('PUT', `/billing/notification/enable/${id}`, a.headers)).json().data.status).toBe('enabled');
    expect((await call('DELETE', `/billing/notification/${id}`, a.headers)).statusCode).toBe(204);
    expect((await call('GET', '/billing/notification/all', a.headers)).json().data).toEqual([]);
  });

  it('refuses unknown types and a percent above 100', async () => {
    const a = await manager();
    expect((await call('POST', '/billing/notification', a.headers, { ...rule, type: 'SOON' })).statusCode).toBe(400);
    const pct = await call('POST', '/billing/notification', a.headers, {
      name: 'Full',
      type: 'DEVICE_LIMIT_REACHED',
      value: 120,
    });
    expect(pct.statusCode).toBe(400);
  });

  it('gives 404 on another tenant’s rule, lets a reseller see its subtree’s, and 403 without the flag', async () => {
    const reseller = await manager();
    const child = await manager(reseller.tenant.id);
    const other = await manager();
    const childRule = (await call('POST', '/billing/notification', child.headers, rule)).json().data;
    const otherRule = (await call('POST', '/billing/notification', other.headers, rule)).json().data;
    for (const [method, url] of [
      ['PUT', `/billing/notification/${otherRule.id}`],
      ['PUT', `/billing/notification/enable/${otherRule.id}`],
      ['PUT', `/billing/notification/disable/${otherRule.id}`],
      ['DELETE', `/billing/notification/${otherRule.id}`],
    ] as const) {
      expect((await call(method, url, reseller.headers, rule)).statusCode, url).toBe(404);
    }
    const seen = (await call('GET', '/billing/notification/all', reseller.headers)).json().data;
    expect(seen.map((r: { id: number }) => r.id)).toEqual([childRule.id]);
    expect((await call('GET', '/billing/notification/all', child.headers)).json().data).toHaveLength(1);
    const { authorization } = await signIn(
      t.app,
      (await buildUser(t.ctx.db, { tenantId: reseller.tenant.id, permissions: ['VIEW_TENANT'] })).email,
    );
    expect((await call('GET', '/billing/notification/all', authorization)).statusCode).toBe(403);
    expect(await t.ctx.db.billingNotification.findUnique({ where: { id: otherRule.id } })).not.toBeNull();
  });
});
