import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MANAGER = ['VIEW_USERS', 'VIEW_USER_DETAILS', 'VIEW_ROLES'] as const;

describe('users in the admin dialect (/api/v2/auth/me, /api/v2/user)', () => {
  it('GET /api/v2/auth/me returns the signed-in user with effective permissions', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES', 'ADMIN_ACCOUNT'] });
    const { authorization } = await signIn(t.app, user.email);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization } })).json();
    // a platform-only flag held by a tenant role is not effective
    expect(me.data.permissions).toEqual(['VIEW_DEVICES']);
  });

  it('a manager creates, pages, searches, updates and deletes users of the tenant', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const manager = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...MANAGER], userLimit: -1 });
    const { authorization } = await signIn(t.app, manager.email);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user',
        headers: { authorization },
        payload: { name: `Driver ${i}`, email: `Driver${i}-${tenant.id}@Example.test`, password: 'Password-123' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ tenantId: tenant.id, email: `driver${i}-${tenant.id}@example.test` });
      ids.push(res.json().data.id);
    }
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/v2/user?page=0&size=2&sortBy=name', headers: { authorization } })
    ).json();
    expect(page.data).toMatchObject({ page: 0, size: 2, totalElements: 4, totalPages: 2 });
    expect(page.data.content).toHaveLength(2);
    const search = (
      await t.app.inject({ method: 'GET', url: '/api/v2/user?search=driver 1', headers: { authorization } })
    ).json();
    expect(search.data.content.map((u: { id: number }) => u.id)).toEqual([ids[1]]);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ids[0]}`,
      headers: { authorization },
      payload: { name: 'Renamed' },
    });
    expect(renamed.json().name).toBe('Renamed');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v2/user/${ids[2]}`, headers: { authorization } });
    expect(del.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v2/user/${ids[2]}`, headers: { authorization } });
    expect(gone.statusCode).toBe(404);
  });
});
