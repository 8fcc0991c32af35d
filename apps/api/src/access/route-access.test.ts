import { PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODIES, bodyOf } from '../testing/access-fixture';
import { buildTenant, buildUser, signIn } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:(\w+)/g, '999999');

describe('every route enforces sign-in and its permissions server-side', () => {
  it('answers 401 to anonymous calls of every private route', async () => {
    const privateRoutes = t.app.routeTable.filter((r) => r.auth === 'user');
    expect(privateRoutes.length).toBeGreaterThan(15);
    for (const r of privateRoutes) {
      const res = await t.app.inject({ method: r.method as never, url: fill(r.url), payload: bodyOf(r.method, r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in user lacking every flag a route declares', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const { authorization } = await signIn(t.app, user.email);
    const guarded = t.app.routeTable.filter((r) => r.permissions.length > 0);
    expect(guarded.length).toBeGreaterThan(8);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as never,
        url: fill(r.url),
        headers: { authorization },
        payload: bodyOf(r.method, r.url),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('lets any one of the declared flags through', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_ROLES'] });
    const { authorization } = await signIn(t.app, viewer.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/role/permissions', headers: { authorization } });
    expect(res.statusCode).toBe(200);
    const flags = res
      .json()
      .data.flatMap((g: { permissions: { authority: string }[] }) => g.permissions.map((p) => p.authority));
    expect(flags.sort()).toEqual([...PERMISSIONS].sort());
  });

  it('lets any signed-in user ask for an address (Traccar: no flag), which stays private', async () => {
    const route = t.app.routeTable.find((r) => r.method === 'GET' && r.url === '/api/server/geocode');
    expect(route).toMatchObject({ auth: 'user', permissions: [] });
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const { authorization } = await signIn(t.app, user.email);
    const url = '/api/server/geocode?latitude=1&longitude=2';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // geocoding is off here: past the access checks, the answer says so
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
    expect([res.statusCode, res.json().message]).toEqual([503, 'Reverse geocoding is not enabled']);
  });

  it('has a body for routes that exist only (a renamed route leaves none behind)', () => {
    const routes = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(BODIES).filter((key) => !routes.has(key))).toEqual([]);
  });
});
