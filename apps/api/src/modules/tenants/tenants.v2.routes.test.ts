import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRole, buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { DEVICES_LEFT, SUB_TENANTS_LEFT } from './tenants.service';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.ctx.db, { administrator: true });
  staff = (await signIn(t.app, admin.email)).authorization;
});
afterAll(() => t.close());

async function call(authorization: string, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as never,
    url: `/api/v2${url}`,
    headers: { authorization },
    payload: payload as never,
  });
}

let seq = 0;
async function createTenant(authorization: string, body: Record<string, unknown> = {}) {
  seq++;
  const res = await call(authorization, 'POST', '/tenant', {
    name: `Tenant ${seq}`,
    owner: { name: `Owner ${seq}`, email: `owner-${seq}-${Date.now()}@example.test`, password: 'Password-123' },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('tenants in the admin dialect', () => {
  it('creates a tenant with its root group and owner in one go; without a password the owner is mailed a link', async () => {
    const before = t.mails.length;
    const res = await call(staff, 'POST', '/tenant', {
      name: 'Acme',
      email: 'office@acme.test',
      phone: '+30 210 000',
      address: 'Main street 1',
      owner: { name: 'Alice', email: 'Alice@Acme.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tenant = res.json().data;
    expect(tenant).toMatchObject({
      name: 'Acme',
      active: true,
      parentTenantId: null,
      reseller: false,
      counts: { users: 1, devices: 0, groups: 1, subTenants: 0 },
      subscriptionId: null,
      subscriptionExpiresAt: null,
    });
    const owner = await t.ctx.db.user.findUniqueOrThrow({ where: { id: tenant.userId } });
    expect(owner).toMatchObject({ email: 'alice@acme.test', tenantId: tenant.id, passwordHash: null });
    const group = await t.ctx.db.group.findUniqueOrThrow({ where: { id: tenant.tenantGroupId } });
    expect(group).toMatchObject({ tenantId: tenant.id, userId: owner.id, name: 'Acme' });
    expect(t.mails.slice(before).map((m) => m.to)).toEqual(['alice@acme.test']);
    // the owner's address taken: nothing of the tenant is left behind
    const count = await t.ctx.db.tenant.count();
    const dup = await call(staff, 'POST', '/tenant', { name: 'Dup', owner: { name: 'A', email: 'alice@acme.test' } });
    expect(dup.statusCode).toBe(409);
    expect(await t.ctx.db.tenant.count()).toBe(count);
  });

  it('pages by 12 sorted by name, filters by status and search, accepts limit and size, marks resellers', async () => {
    const parent = await createTenant(staff, { name: 'zz parent' });
    for (let i = 0; i < 13; i++)
      await createTenant(staff, { name: `zz child ${String(i).padStart(2, '0')}`, parentTenantId: parent.id });
    await call(staff, 'POST', `/tenant/${parent.id}/deactivate`);
    const page = (await call(staff, 'GET', '/tenant?search=zz')).json().data;
    expect(page).toMatchObject({ page: 0, size: 12, totalElements: 14, totalPages: 2 });
    expect(page.content[0].name).toBe('zz child 00');
    const last = (await call(staff, 'GET', '/tenant?search=zz&page=1&sortOrder=asc')).json().data;
    expect(last.content.map((x: { name: string }) => x.name)).toEqual(['zz child 12', 'zz parent']);
    expect(last.content[1]).toMatchObject({ reseller: true, active: false, counts: { subTenants: 13 } });
    expect((await call(staff, 'GET', '/tenant?search=zz&limit=5')).json().data.size).toBe(5);
    expect((await call(staff, 'GET', '/tenant?search=zz&size=3&limit=5')).json().data.size).toBe(3);
    const inactive = (await call(staff, 'GET', '/tenant?search=zz&status=inactive')).json().data;
    expect(inactive.content.map((x: { id: number }) => x.id)).toEqual([parent.id]);
    expect((await call(staff, 'GET', '/tenant?search=zz&status=active')).json().data.totalElements).toBe(13);
    expect((await call(staff, 'GET', '/tenant?search=zz&status=all')).json().data.totalElements).toBe(14);
    expect((await call(staff, 'GET', '/tenant?status=gone')).statusCode).toBe(400);
    const children = (await call(staff, 'GET', `/tenant/${parent.id}/children`)).json().data;
    expect(children).toHaveLength(13);
  });

  it('updates a tenant; refuses deleting one with sub-tenants or devices, then deletes it with its users', async () => {
    const parent = await createTenant(staff);
    const child = await createTenant(staff, { parentTenantId: parent.id });
    const put = await call(staff, 'PUT', `/tenant/${parent.id}`, { name: 'Renamed', phone: null });
    expect(put.json().data).toMatchObject({ name: 'Renamed', phone: null });
    expect((await call(staff, 'PUT', `/tenant/${parent.id}`, { name: '' })).statusCode).toBe(400);
    const refused = await call(staff, 'DELETE', `/tenant/${parent.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUB_TENANTS_LEFT);
    await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `del-${child.id}`, tenantId: child.id } });
    const withDevice = await call(staff, 'DELETE', `/tenant/${child.id}`);
    expect(withDevice.json().message).toBe(DEVICES_LEFT);
    await t.ctx.db.device.deleteMany({ where: { tenantId: child.id } });
    expect((await call(staff, 'DELETE', `/tenant/${child.id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.user.count({ where: { id: child.userId } })).toBe(0);
    expect((await call(staff, 'GET', `/tenant/${child.id}`)).statusCode).toBe(404);
  });

  it('a tenant admin cannot deactivate or delete its own tenant', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const admin = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_TENANT'] });
    const { authorization } = await signIn(t.app, admin.email);
    expect((await call(authorization, 'POST', `/tenant/${tenant.id}/deactivate`)).statusCode).toBe(403);
    expect((await call(authorization, 'DELETE', `/tenant/${tenant.id}`)).statusCode).toBe(403);
  });
});

describe("a tenant's groups, users and devices", () => {
  it('groups: create (name and userId), rename, activate and deactivate, delete; the root group stays', async () => {
    const tenant = await createTenant(staff);
    const created = await call(staff, 'POST', `/tenant/${tenant.id}/group`, { name: 'Trucks', userId: tenant.userId });
    expect(created.json().data).toMatchObject({
      name: 'Trucks',
      tenantId: tenant.id,
      parentGroupId: tenant.tenantGroupId,
      active: true,
      attribute: { userId: tenant.userId, isTenant: false, tenantName: tenant.name, isActive: true },
    });
    const id = created.json().data.id;
    const stranger = await buildUser(t.ctx.db);
    const foreignUser = await call(staff, 'POST', `/tenant/${tenant.id}/group`, { name: 'X', userId: stranger.id });
    expect(foreignUser.statusCode).toBe(400);
    const renamed = await call(staff, 'PUT', `/tenant/${tenant.id}/group/${id}`, { name: 'Lorries' });
    expect(renamed.json().data.name).toBe('Lorries');
    const off = await call(staff, 'POST', `/tenant/group/${id}/deactivate`);
    expect(off.json().data).toMatchObject({ active: false, attribute: { isActive: false } });
    expect((await call(staff, 'POST', `/tenant/group/${id}/activate`)).json().data.active).toBe(true);
    const list = (await call(staff, 'GET', `/tenant/group?tenantId=${tenant.id}`)).json().data;
    expect(list).toMatchObject({ size: 10, totalElements: 2 });
    const root = list.content.find((g: { id: number }) => g.id === tenant.tenantGroupId);
    expect(root.attribute.isTenant).toBe(true);
    expect((await call(staff, 'DELETE', `/group/${tenant.tenantGroupId}`)).statusCode).toBe(409);
    expect((await call(staff, 'DELETE', `/group/${id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.group.count({ where: { id } })).toBe(0);
  });

  it('users: create with a role of the tenant or a platform-wide non-admin role, update, deactivate ends sessions', async () => {
    const tenant = await createTenant(staff);
    const own = await buildRole(t.ctx.db, ['VIEW_DEVICES'], { tenantId: tenant.id });
    const shared = await buildRole(t.ctx.db, ['VIEW_DEVICES'], { tenantId: null });
    const platformAdmin = await buildRole(t.ctx.db, ['ADMIN_ACCOUNT'], { tenantId: null });
    const other = await buildRole(t.ctx.db, ['VIEW_DEVICES'], { tenantId: (await buildTenant(t.ctx.db)).id });
    const body = (email: string, roleId?: number) => ({ name: 'Bob', email, password: 'Password-123', roleId });
    const ok = await call(staff, 'POST', `/tenant/${tenant.id}/user`, body(`bob-${tenant.id}@example.test`, own.id));
    expect(ok.json().data).toMatchObject({
      roleId: own.id,
      roleName: own.name,
      active: true,
      attribute: { isActive: true },
    });
    const viaShared = await call(
      staff,
      'POST',
      `/tenant/${tenant.id}/user`,
      body(`s-${tenant.id}@example.test`, shared.id),
    );
    expect(viaShared.statusCode).toBe(200);
    for (const role of [platformAdmin, other]) {
      const res = await call(staff, 'POST', `/tenant/${tenant.id}/user`, body(`r${role.id}@example.test`, role.id));
      expect(res.statusCode).toBe(400);
    }
    const invited = await call(staff, 'POST', `/tenant/${tenant.id}/user`, {
      name: 'Inv',
      email: `inv-${tenant.id}@example.test`,
    });
    expect(invited.statusCode).toBe(200);
    expect(t.mails.at(-1)?.to).toBe(`inv-${tenant.id}@example.test`);

    const userId = ok.json().data.id;
    const put = await call(staff, 'PUT', `/tenant/user/${userId}`, { name: 'Robert', roleId: shared.id });
    expect(put.json().data).toMatchObject({ name: 'Robert', roleId: shared.id });

    const session = await signIn(t.app, `bob-${tenant.id}@example.test`, 'Password-123');
    const off = await call(staff, 'POST', `/tenant/user/${userId}/deactivate`);
    expect(off.json().data).toMatchObject({ active: false, attribute: { isActive: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: session })).statusCode).toBe(401);
    await call(staff, 'POST', `/tenant/user/${userId}/activate`);
    expect((await signIn(t.app, `bob-${tenant.id}@example.test`, 'Password-123')).authorization).toMatch(/^Bearer /);
    const page = (await call(staff, 'GET', `/tenant/${tenant.id}/user`)).json().data;
    expect(page).toMatchObject({ size: 10, totalElements: 4 });
  });

  it('a tenant admin hands out only roles whose flags it holds', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const admin = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_TENANT'] });
    const { authorization } = await signIn(t.app, admin.email);
    const wider = await buildRole(t.ctx.db, ['VIEW_TENANT', 'VIEW_USERS'], { tenantId: tenant.id });
    const res = await call(authorization, 'POST', `/tenant/${tenant.id}/user`, {
      name: 'X',
      email: `wider-${tenant.id}@example.test`,
      roleId: wider.id,
    });
    expect(res.statusCode).toBe(403);
  });

  it('user-group mapping: add and remove memberships; a group of another tenant is refused', async () => {
    const tenant = await createTenant(staff);
    const other = await createTenant(staff);
    const group = (await call(staff, 'POST', `/tenant/${tenant.id}/group`, { name: 'G', userId: tenant.userId })).json()
      .data;
    const add = await call(staff, 'POST', `/tenant/user/${tenant.userId}/group/${group.id}`);
    expect(add.statusCode).toBe(204);
    const mapping = (await call(staff, 'GET', `/tenant/${tenant.id}/user-group-mapping`)).json().data;
    expect(mapping[String(tenant.userId)].map((g: { id: number }) => g.id).sort()).toEqual(
      [tenant.tenantGroupId, group.id].sort(),
    );
    expect((await call(staff, 'POST', `/tenant/user/${tenant.userId}/group/${other.tenantGroupId}`)).statusCode).toBe(
      400,
    );
    expect((await call(staff, 'DELETE', `/tenant/user/${tenant.userId}/group/${group.id}`)).statusCode).toBe(204);
    const after = (await call(staff, 'GET', `/tenant/${tenant.id}/user-group-mapping`)).json().data;
    expect(after[String(tenant.userId)]).toEqual([{ id: tenant.tenantGroupId, name: tenant.name }]);
  });

  it('devices: listed with admin and tracker ids; assigning to a group clears the user; unassign clears both', async () => {
    const tenant = await createTenant(staff);
    const other = await createTenant(staff);
    const device = await t.ctx.db.device.create({
      data: { name: 'Van', uniqueId: `dev-${tenant.id}`, tenantId: tenant.id, userId: tenant.userId },
    });
    const list = (await call(staff, 'GET', `/tenant/${tenant.id}/device`)).json().data;
    expect(list).toMatchObject({ size: 10, totalElements: 1 });
    expect(list.content[0]).toMatchObject({
      adminDeviceId: device.id,
      trackerDeviceId: device.id,
      assigned: true,
      userId: tenant.userId,
      groupId: null,
      groupName: null,
    });
    const assigned = await call(
      staff,
      'POST',
      `/tenant/${tenant.id}/device/${device.id}/group/${tenant.tenantGroupId}`,
    );
    expect(assigned.json().data).toMatchObject({
      groupId: tenant.tenantGroupId,
      groupName: tenant.name,
      userId: null,
      assigned: true,
      stockStatus: 'ASSIGNED',
    });
    const foreignGroup = await call(
      staff,
      'POST',
      `/tenant/${tenant.id}/device/${device.id}/group/${other.tenantGroupId}`,
    );
    expect(foreignGroup.statusCode).toBe(404);
    const un = await call(staff, 'POST', `/tenant/${tenant.id}/device/${device.id}/unassign`);
    expect(un.json().data).toMatchObject({ groupId: null, userId: null, assigned: false, stockStatus: 'UN_ASSIGNED' });
  });
});
