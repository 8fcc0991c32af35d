import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRole, buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tenantManager(permissions: Permission[]) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  return { tenant, user, headers: (await signIn(t.app, user.email)).authorization };
}

describe('/api/v2/role', () => {
  it('creates, reads, updates and deletes a tenant role, with permissions by submodule', async () => {
    const { tenant, headers } = await tenantManager([
      'VIEW_ROLES',
      'CREATE_ROLE',
      'EDIT_ROLE',
      'VIEW_DEVICES',
      'TRACK_DEVICES',
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: { authorization: headers },
      payload: {
        name: 'Dispatcher',
        permissions: ['VIEW_DEVICES', { submodule: 'devices', authority: 'TRACK_DEVICES' }],
      },
    });
    expect(created.statusCode).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'Dispatcher', tenantId: tenant.id, system: false });
    expect(role.permissions).toEqual([
      { submodule: 'devices', authority: 'VIEW_DEVICES' },
      { submodule: 'devices', authority: 'TRACK_DEVICES' },
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/role', headers: { authorization: headers } });
    const names = list.json().data.map((r: { name: string }) => r.name);
    expect(names).toContain('Dispatcher');
    expect(names).toContain('Tenant administrator');

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/role/${role.id}`,
      headers: { authorization: headers },
      payload: { name: 'Dispatch', permissions: ['VIEW_DEVICES'] },
    });
    expect(updated.json().data.permissions).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/role/${role.id}`,
      headers: { authorization: headers },
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.db.role.findUnique({ where: { id: role.id } })).toBeNull();
  });

  it('refuses roles granting flags the author lacks, platform flags to tenants, and changes to system roles', async () => {
    const { headers } = await tenantManager(['VIEW_ROLES', 'CREATE_ROLE', 'EDIT_ROLE']);
    const escalate = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: { authorization: headers },
      payload: { name: 'Escalate', permissions: ['VIEW_USERS'] },
    });
    expect(escalate.statusCode).toBe(403);
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const tenant = await buildTenant(t.ctx.db);
    const asAdmin = (await signIn(t.app, admin.email)).authorization;
    const platformFlag = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: { authorization: asAdmin },
      payload: { name: 'Sneaky', tenantId: tenant.id, permissions: ['ADMIN_ACCOUNT'] },
    });
    expect(platformFlag.statusCode).toBe(403);
    const system = await t.ctx.db.role.findFirstOrThrow({ where: { system: true } });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/role/${system.id}`,
      headers: { authorization: asAdmin },
      payload: { name: system.name, permissions: [] },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('rejects unknown permission flags with 400', async () => {
    const { headers } = await tenantManager(['CREATE_ROLE']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: { authorization: headers },
      payload: { name: 'Bad', permissions: ['FLY_TO_MOON'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid parameters or constraints violation');
  });

  it('GET /api/v2/role/user returns the caller’s role; a role in use cannot be deleted', async () => {
    const { user, headers } = await tenantManager(['VIEW_ROLES', 'EDIT_ROLE']);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v2/role/user', headers: { authorization: headers } });
    expect(mine.json().data.map((r: { id: number }) => r.id)).toEqual([user.roleId]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/role/${user.roleId}`,
      headers: { authorization: headers },
    });
    expect(del.statusCode).toBe(409);
  });

  it('?assignable=true lists only the roles whose flags the caller holds, also to user managers', async () => {
    const { tenant, headers } = await tenantManager(['VIEW_USERS', 'VIEW_DEVICES', 'TRACK_DEVICES']);
    const mine = await buildRole(t.ctx.db, ['VIEW_DEVICES'], { tenantId: tenant.id });
    const beyond = await buildRole(t.ctx.db, ['VIEW_DEVICES', 'SEND_COMMAND'], { tenantId: tenant.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/role?assignable=true',
      headers: { authorization: headers },
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(beyond.id);
    const names = res.json().data.map((r: { name: string }) => r.name);
    expect(names).not.toContain('Tenant administrator');
    const all = await t.app.inject({ method: 'GET', url: '/api/v2/role', headers: { authorization: headers } });
    expect(all.statusCode).toBe(403);
  });

  it('explains a refused grant by naming the flags', async () => {
    const { headers } = await tenantManager(['CREATE_ROLE']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: { authorization: headers },
      payload: { name: 'Too much', permissions: ['VIEW_USERS', 'SEND_COMMAND'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'A role can only grant permissions you hold yourself; you do not hold VIEW_USERS, SEND_COMMAND',
    );
  });
});
