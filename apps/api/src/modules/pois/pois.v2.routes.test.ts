import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(permissions: Permission[] = ['VIEW_POIS']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  return { tenantId: tenant.id, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

describe('/api/v2/pois', () => {
  it('creates, lists, updates and deletes points of interest', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/v2/pois', {
      name: 'Depot North',
      category: 'depot',
      latitude: 48.9,
      longitude: 2.35,
    });
    expect(created.statusCode).toBe(200);
    const poi = created.json().data;
    expect(poi).toEqual({
      id: expect.any(Number),
      name: 'Depot North',
      description: null,
      category: 'depot',
      latitude: 48.9,
      longitude: 2.35,
      tenantId,
    });
    const plain = (await call(headers, 'POST', '/api/v2/pois', { name: 'Corner', latitude: 1, longitude: 2 })).json();
    expect(plain.data.category).toBe('other');
    const names = async (query = '') =>
      (await call(headers, 'GET', `/api/v2/pois${query}`)).json().data.map((p: { name: string }) => p.name);
    expect(await names()).toEqual(['Corner', 'Depot North']);
    expect(await names('?keyword=north')).toEqual(['Depot North']);
    const updated = await call(headers, 'PUT', `/api/v2/pois/${poi.id}`, { category: 'fuel', description: 'pumps' });
    expect(updated.json().data).toMatchObject({ category: 'fuel', description: 'pumps', latitude: 48.9 });
    expect((await call(headers, 'DELETE', `/api/v2/pois/${poi.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['Corner']);
  });

  it('refuses an unknown category and coordinates off the earth', async () => {
    const { headers } = await member();
    for (const body of [
      { name: 'X', category: 'castle', latitude: 1, longitude: 2 },
      { name: 'X', latitude: 91, longitude: 2 },
      { name: 'X', latitude: 1, longitude: -181 },
    ]) {
      expect((await call(headers, 'POST', '/api/v2/pois', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.ctx.db.poi.count({ where: { name: 'X' } })).toBe(0);
  });

  it('reads a stored category outside the set as other', async () => {
    const { tenantId, headers } = await member();
    const row = await t.ctx.db.poi.create({
      data: { name: 'Old', category: 'Warehouse', latitude: 1, longitude: 2, tenantId },
    });
    expect((await call(headers, 'GET', `/api/v2/pois/${row.id}`)).json().data.category).toBe('other');
  });

  it('keeps to the tenant and requires VIEW_POIS', async () => {
    const a = await member();
    const b = await member();
    const theirs = (
      await call(b.headers, 'POST', '/api/v2/pois', { name: 'Theirs', latitude: 1, longitude: 2 })
    ).json();
    expect((await call(a.headers, 'GET', `/api/v2/pois/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await call(a.headers, 'PUT', `/api/v2/pois/${theirs.data.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(a.headers, 'DELETE', `/api/v2/pois/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await call(a.headers, 'GET', '/api/v2/pois')).json().data).toEqual([]);
    expect(await t.ctx.db.poi.findUniqueOrThrow({ where: { id: theirs.data.id } })).toMatchObject({ name: 'Theirs' });
    const outsider = await member(['VIEW_ROUTES']);
    expect((await call(outsider.headers, 'GET', '/api/v2/pois')).statusCode).toBe(403);
  });
});
