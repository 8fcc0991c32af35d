import { PERMISSIONS } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/api/server', () => {
  it('is public and fills the preference defaults when unset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/server' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      registration: false,
      readonly: false,
      attributes: { mapLiveRoutes: 'none', 'web.liveRouteLength': 10 },
    });
  });

  it('is read without a write: no new row version per call, the row made once when missing', async () => {
    const version = async () =>
      (await t.ctx.db.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM server WHERE id = 1`)[0]?.v;
    await t.app.inject({ method: 'GET', url: '/api/server' });
    const before = await version();
    expect(before).toBeDefined();
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/server' })).statusCode).toBe(200);
    expect(await version()).toBe(before);
    // a database without the row (seeded on start): the first calls make it, at the same time, once
    await t.ctx.db.server.delete({ where: { id: 1 } });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.app.inject({ method: 'GET', url: '/api/server' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.ctx.db.server.count()).toBe(1);
  });

  it('only platform administrators change it', async () => {
    const payload = { registration: true, announcement: 'Maintenance tonight' };
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/server', payload });
    expect(anonymous.statusCode).toBe(401);
    const tenant = await buildTenant(t.ctx.db);
    const tenantAdmin = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...PERMISSIONS] });
    const asTenant = await signIn(t.app, tenantAdmin.email);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/server',
      headers: { authorization: asTenant.authorization },
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(await t.ctx.db.server.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ registration: false });

    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/server',
      headers: { authorization },
      payload: { ...payload, readonly: true, attributes: { mapLiveRoutes: 'all' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      ...payload,
      readonly: true,
      attributes: { mapLiveRoutes: 'all', 'web.liveRouteLength': 10 },
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/server' });
    expect(read.json()).toMatchObject({ registration: true, readonly: true, announcement: payload.announcement });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/server',
      headers: { authorization },
      payload: { attributes: { 'web.liveRouteLength': 0 } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
