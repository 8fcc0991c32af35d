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

async function member(permissions: Permission[] = ['VIEW_GROUPS'], tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  return { tenantId: tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}

type Headers = { authorization: string };
const call = (headers: Headers, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

describe('/api/groups', () => {
  it('creates, reads, lists, updates and deletes a group; deleting keeps its devices', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/groups', { name: 'Fleet', attributes: { speedLimit: 50 } });
    expect(created.statusCode).toBe(200);
    const group = created.json();
    expect(group).toMatchObject({ name: 'Fleet', parentGroupId: null, groupId: 0, tenantId, active: true });
    expect(group.attributes).toEqual({ speedLimit: 50 });
    expect(typeof group.id).toBe('number');

    const child = (await call(headers, 'POST', '/api/groups', { name: 'Vans', groupId: String(group.id) })).json();
    expect(child).toMatchObject({ parentGroupId: group.id, groupId: group.id });

    expect((await call(headers, 'GET', `/api/groups/${group.id}`)).json()).toEqual(group);
    const updated = await call(headers, 'PUT', `/api/groups/${group.id}`, { name: 'Fleet 2', attributes: {} });
    expect(updated.json()).toMatchObject({ name: 'Fleet 2', attributes: {} });

    const device = await t.ctx.db.device.create({
      data: { name: 'Van', uniqueId: `g-${group.id}`, tenantId, groupId: group.id },
    });
    const removed = await call(headers, 'DELETE', `/api/groups/${group.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.db.group.findUnique({ where: { id: group.id } })).toBeNull();
    expect(await t.ctx.db.device.findUnique({ where: { id: device.id } })).toMatchObject({ groupId: null });
    expect((await call(headers, 'GET', `/api/groups/${child.id}`)).json().parentGroupId).toBeNull();
    expect((await call(headers, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('filters the list by userId, groupId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const make = async (name: string, extra: Record<string, unknown> = {}) =>
      (await call(headers, 'POST', '/api/groups', { name, ...extra })).json();
    const root = await make('Root');
    const a = await make('Alpha', { parentGroupId: root.id, userId: user.id });
    const b = await make('Beta', { parentGroupId: root.id });
    const other = await make('Gamma');
    await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `gl-${root.id}`, tenantId, groupId: b.id } });
    const names = async (query: string) =>
      (await call(headers, 'GET', `/api/groups${query}`)).json().map((g: { name: string }) => g.name);
    expect(await names('')).toEqual(['Root', 'Alpha', 'Beta', 'Gamma']);
    expect(await names(`?groupId=${root.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha']);
    const device = await t.ctx.db.device.findFirstOrThrow({ where: { groupId: b.id } });
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Beta']);
    expect(await names('?keyword=AMM')).toEqual(['Gamma']);
    expect(await names('?limit=2&offset=1')).toEqual(['Alpha', 'Beta']);
    expect(other.id).toBeGreaterThan(a.id);
  });

  it('refuses invalid bodies, long group ids and cycles in the tree', async () => {
    const { headers } = await member();
    const bad = await call(headers, 'POST', '/api/groups', { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await call(headers, 'POST', '/api/groups', { name: 'X', attributes: 'no' })).statusCode).toBe(400);

    const longBody = await call(headers, 'POST', '/api/groups', { name: 'X', groupId: '12345678901' });
    expect(longBody.statusCode).toBe(400);
    expect(longBody.json().message).toBe('Invalid group ID');
    const longParent = await call(headers, 'POST', '/api/groups', { name: 'X', parentGroupId: '99999999999' });
    expect(longParent.json().message).toBe('Invalid group ID');
    const longPath = await call(headers, 'GET', '/api/groups/12345678901');
    expect(longPath.statusCode).toBe(400);
    expect(longPath.json().message).toBe('Invalid group ID');

    const top = (await call(headers, 'POST', '/api/groups', { name: 'Top' })).json();
    const mid = (await call(headers, 'POST', '/api/groups', { name: 'Mid', parentGroupId: top.id })).json();
    const low = (await call(headers, 'POST', '/api/groups', { name: 'Low', parentGroupId: mid.id })).json();
    for (const parentGroupId of [top.id, low.id, mid.id]) {
      const res = await call(headers, 'PUT', `/api/groups/${top.id}`, { parentGroupId });
      expect(res.statusCode, String(parentGroupId)).toBe(400);
      expect(res.json().message).toMatch(/inside itself/);
    }
    expect((await t.ctx.db.group.findUniqueOrThrow({ where: { id: top.id } })).parentGroupId).toBeNull();
    // moving a subgroup elsewhere in the tree is fine
    expect((await call(headers, 'PUT', `/api/groups/${low.id}`, { parentGroupId: top.id })).statusCode).toBe(200);
    expect((await call(headers, 'POST', '/api/groups', { name: 'X', parentGroupId: 999999 })).statusCode).toBe(404);
  });

  it('gives 404 for another tenant’s group and leaves it unchanged', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = (await call(other.headers, 'POST', '/api/groups', { name: 'Theirs' })).json();
    expect((await call(headers, 'GET', `/api/groups/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/groups/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/groups/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'POST', '/api/groups', { name: 'X', parentGroupId: foreign.id })).statusCode).toBe(404);
    expect((await call(headers, 'GET', `/api/groups?groupId=${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/groups')).json()).toEqual([]);
    expect(await t.ctx.db.group.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ name: 'Theirs' });
  });

  it('requires VIEW_GROUPS', async () => {
    const { headers } = await member(['VIEW_DEVICES']);
    expect((await call(headers, 'GET', '/api/groups')).statusCode).toBe(403);
    expect((await call(headers, 'POST', '/api/groups', { name: 'X' })).statusCode).toBe(403);
  });

  it('platform staff see the platform’s own groups, and every tenant’s with all=true', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const headers = { authorization: (await signIn(t.app, admin.email)).authorization };
    const { headers: tenantHeaders } = await member();
    const tenantGroup = (await call(tenantHeaders, 'POST', '/api/groups', { name: 'Tenant group' })).json();
    const own = (await call(headers, 'POST', '/api/groups', { name: 'Platform group' })).json();
    expect(own.tenantId).toBeNull();
    const ids = async (q: string) =>
      (await call(headers, 'GET', `/api/groups${q}`)).json().map((g: { id: number }) => g.id);
    expect(await ids('')).toContain(own.id);
    expect(await ids('')).not.toContain(tenantGroup.id);
    expect(await ids('?all=true')).toContain(tenantGroup.id);
    // a tenant user asking for all still gets only their tenant's groups
    const tenantIds = async (q: string) =>
      (await call(tenantHeaders, 'GET', `/api/groups${q}`)).json().map((g: { id: number }) => g.id);
    expect(await tenantIds('?all=true')).toEqual([tenantGroup.id]);
    expect(await tenantIds('')).toEqual([tenantGroup.id]);
  });
});
