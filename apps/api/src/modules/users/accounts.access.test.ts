import type { Permission } from '@waymark/contracts/permissions';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every flag a tenant's role can grant. */
const TENANT_ALL = PERMISSIONS.filter((p) => !PLATFORM_PERMISSIONS.includes(p)) as Permission[];

const inject = (method: string, url: string, authorization: string) =>
  t.app.inject({ method: method as never, url, headers: { authorization } });

/** The account routes about one user, as the admin area calls them. */
const userRoutes = (id: number, sessionId: string) => [
  ['GET', `/api/v2/user/${id}`],
  ['GET', `/api/v2/user/${id}/details`],
  ['GET', `/api/v2/user/${id}/audit`],
  ['POST', `/api/v2/user/${id}/disable`],
  ['POST', `/api/v2/user/${id}/enable`],
  ['DELETE', `/api/v2/user/${id}/sessions/${sessionId}`],
];

describe('accounts: tenant isolation and flags', () => {
  it("gives a tenant A admin 404 on tenant B's users, and B's user is unchanged", async () => {
    const a = await buildTenant(t.ctx.db);
    const b = await buildTenant(t.ctx.db);
    const adminA = await buildUser(t.ctx.db, { tenantId: a.id, permissions: TENANT_ALL, userLimit: -1 });
    const userB = await buildUser(t.ctx.db, { tenantId: b.id });
    await signIn(t.app, userB.email);
    const session = await t.ctx.db.authSession.findFirstOrThrow({ where: { userId: userB.id } });
    const { authorization } = await signIn(t.app, adminA.email);
    for (const [method, url] of userRoutes(userB.id, session.id)) {
      expect((await inject(method as string, url as string, authorization)).statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await inject('GET', `/api/v2/user?tenantId=${b.id}`, authorization);
    expect(list.json().data.totalElements).toBe(0);
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: userB.id } })).toMatchObject({ disabled: false });
    expect((await t.ctx.db.authSession.findUniqueOrThrow({ where: { id: session.id } })).revokedAt).toBeNull();
  });

  it('gives 403 without the flags, and a tenant admin cannot connect as a user', async () => {
    const a = await buildTenant(t.ctx.db);
    const someone = await buildUser(t.ctx.db, { tenantId: a.id });
    const plain = await buildUser(t.ctx.db, { tenantId: a.id, permissions: ['VIEW_DEVICES'] });
    const { authorization } = await signIn(t.app, plain.email);
    for (const [method, url] of [
      ...userRoutes(someone.id, crypto.randomUUID()),
      ['GET', '/api/v2/user'],
      ['POST', '/api/v2/user/invite'],
      ['GET', '/api/v2/role'],
      ['GET', '/api/v2/role?assignable=true'],
    ]) {
      expect((await inject(method as string, url as string, authorization)).statusCode, `${method} ${url}`).toBe(403);
    }
    const adminA = await buildUser(t.ctx.db, { tenantId: a.id, permissions: TENANT_ALL });
    const asAdmin = (await signIn(t.app, adminA.email)).authorization;
    const res = await inject('POST', `/api/v2/user/${someone.id}/impersonate`, asAdmin);
    expect(res.statusCode).toBe(403);
    expect(await t.ctx.db.authSession.count({ where: { userId: someone.id } })).toBe(0);
  });

  it('shows a reseller the users of its subtree only', async () => {
    const reseller = await buildTenant(t.ctx.db);
    const child = await buildTenant(t.ctx.db, { parentTenantId: reseller.id });
    const sibling = await buildTenant(t.ctx.db);
    const manager = await buildUser(t.ctx.db, { tenantId: reseller.id, permissions: TENANT_ALL });
    const childUser = await buildUser(t.ctx.db, { tenantId: child.id });
    const siblingUser = await buildUser(t.ctx.db, { tenantId: sibling.id });
    const staff = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, manager.email);
    const page = (await inject('GET', '/api/v2/user?size=100', authorization)).json().data;
    const ids = page.content.map((u: { id: number }) => u.id).sort((x: number, y: number) => x - y);
    expect(ids).toEqual([manager.id, childUser.id].sort((x, y) => x - y));
    expect(ids).not.toContain(siblingUser.id);
    expect(ids).not.toContain(staff.id);
    expect((await inject('GET', `/api/v2/user/${childUser.id}/details`, authorization)).statusCode).toBe(200);
    expect((await inject('GET', `/api/v2/user/${siblingUser.id}/details`, authorization)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v2/user/${staff.id}/details`, authorization)).statusCode).toBe(404);
    // the user list's tenant filter searches the tenant list, which the same scope bounds
    const tenants = (await inject('GET', '/api/v2/tenant?limit=500', authorization)).json().data.content;
    expect(tenants.map((x: { id: number }) => x.id).sort()).toEqual([reseller.id, child.id].sort());
  });
});
