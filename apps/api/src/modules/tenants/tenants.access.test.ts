import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A tenant with a root group, an owner, a second group and a device. */
async function populated(parentTenantId: number | null = null) {
  const tenant = await buildTenant(t.ctx.db, { parentTenantId });
  const owner = await buildUser(t.ctx.db, { tenantId: tenant.id });
  const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId: tenant.id, userId: owner.id } });
  const device = await t.ctx.db.device.create({
    data: { name: 'D', uniqueId: `acc-${tenant.id}`, tenantId: tenant.id },
  });
  return { tenant, owner, group, device };
}

/** Every tenant route that names a row, filled with the rows of `x`. */
function calls(x: Awaited<ReturnType<typeof populated>>): [string, string, unknown?][] {
  const id = x.tenant.id;
  return [
    ['GET', `/api/v2/tenant/${id}`],
    ['PUT', `/api/v2/tenant/${id}`, { name: 'Taken over' }],
    ['DELETE', `/api/v2/tenant/${id}`],
    ['POST', `/api/v2/tenant/${id}/activate`],
    ['POST', `/api/v2/tenant/${id}/deactivate`],
    ['GET', `/api/v2/tenant/${id}/children`],
    ['GET', `/api/v2/tenant/group?tenantId=${id}`],
    ['POST', `/api/v2/tenant/${id}/group`, { name: 'X', userId: x.owner.id }],
    ['PUT', `/api/v2/tenant/${id}/group/${x.group.id}`, { name: 'X' }],
    ['DELETE', `/api/v2/group/${x.group.id}`],
    ['POST', `/api/v2/tenant/group/${x.group.id}/deactivate`],
    ['GET', `/api/v2/tenant/${id}/user`],
    ['POST', `/api/v2/tenant/${id}/user`, { name: 'X', email: `x-${id}@example.test` }],
    ['PUT', `/api/v2/tenant/user/${x.owner.id}`, { name: 'X' }],
    ['POST', `/api/v2/tenant/user/${x.owner.id}/deactivate`],
    ['GET', `/api/v2/tenant/${id}/user-group-mapping`],
    ['POST', `/api/v2/tenant/user/${x.owner.id}/group/${x.group.id}`],
    ['DELETE', `/api/v2/tenant/user/${x.owner.id}/group/${x.group.id}`],
    ['GET', `/api/v2/tenant/${id}/device`],
    ['POST', `/api/v2/tenant/${id}/device/${x.device.id}/group/${x.group.id}`],
    ['POST', `/api/v2/tenant/${id}/device/${x.device.id}/unassign`],
  ];
}

async function statuses(authorization: string, list: [string, string, unknown?][]) {
  const out: string[] = [];
  for (const [method, url, payload] of list) {
    const res = await t.app.inject({
      method: method as never,
      url,
      headers: { authorization },
      payload: payload as never,
    });
    out.push(`${method} ${url} ${res.statusCode}`);
  }
  return out;
}

const expectAll = (lines: string[], status: number) => {
  for (const line of lines) expect(line).toMatch(new RegExp(` ${status}$`));
};

describe('tenant routes: flags and scope', () => {
  it('a tenant admin gets 404 on every id of another tenant, and nothing changes there', async () => {
    const a = await populated();
    const b = await populated();
    const admin = await buildUser(t.ctx.db, { tenantId: a.tenant.id, permissions: ['VIEW_TENANT'] });
    const { authorization } = await signIn(t.app, admin.email);
    expectAll(await statuses(authorization, calls(b)), 404);
    expect(await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: b.tenant.id } })).toMatchObject({
      name: b.tenant.name,
      active: true,
    });
    expect(await t.ctx.db.group.findUnique({ where: { id: b.group.id } })).toMatchObject({ name: 'G', active: true });
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: b.owner.id } })).toMatchObject({ active: true });
  });

  it('answers 403 to a tenant user without ADMIN_ACCOUNT or VIEW_TENANT, even on its own tenant', async () => {
    const a = await populated();
    const user = await buildUser(t.ctx.db, { tenantId: a.tenant.id, permissions: ['VIEW_DEVICES', 'VIEW_USERS'] });
    const { authorization } = await signIn(t.app, user.email);
    const list: [string, string, unknown?][] = [['GET', '/api/v2/tenant'], ['POST', '/api/v2/tenant', {}], ...calls(a)];
    expectAll(await statuses(authorization, list), 403);
  });

  it('a reseller sees its subtree, nothing above or beside it', async () => {
    const top = await populated();
    const reseller = await populated(top.tenant.id);
    const child = await populated(reseller.tenant.id);
    const grandchild = await populated(child.tenant.id);
    const sibling = await populated(top.tenant.id);
    const admin = await buildUser(t.ctx.db, { tenantId: reseller.tenant.id, permissions: ['VIEW_TENANT'] });
    const { authorization } = await signIn(t.app, admin.email);

    const list = await t.app.inject({ method: 'GET', url: '/api/v2/tenant?size=50', headers: { authorization } });
    const ids = list.json().data.content.map((x: { id: number }) => x.id);
    expect(ids.sort()).toEqual([reseller.tenant.id, child.tenant.id, grandchild.tenant.id].sort());

    const reads = (x: Awaited<ReturnType<typeof populated>>) =>
      calls(x).filter(([method]) => method === 'GET') as [string, string][];
    expectAll(await statuses(authorization, [...reads(top), ...reads(sibling)]), 404);
    expectAll(await statuses(authorization, [...reads(child), ...reads(grandchild)]), 200);

    const children = await t.app.inject({
      method: 'GET',
      url: `/api/v2/tenant/${reseller.tenant.id}/children`,
      headers: { authorization },
    });
    expect(children.json().data.map((x: { id: number }) => x.id)).toEqual([child.tenant.id]);

    // a tenant under a tenant of the subtree: yes; under the tenant above or at the top: no
    const owner = { name: 'Owner', email: `owner-${child.tenant.id}@example.test`, password: 'Password-123' };
    const create = (parentTenantId: number | null, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/tenant',
        headers: { authorization },
        payload: { name: 'New', parentTenantId, owner: { ...owner, email } },
      });
    expect((await create(child.tenant.id, owner.email)).statusCode).toBe(200);
    expect((await create(top.tenant.id, 'o2@example.test')).statusCode).toBe(404);
    expect((await create(null, 'o3@example.test')).statusCode).toBe(403);
    expect(await t.ctx.db.user.count({ where: { email: { in: ['o2@example.test', 'o3@example.test'] } } })).toBe(0);
  });
});
