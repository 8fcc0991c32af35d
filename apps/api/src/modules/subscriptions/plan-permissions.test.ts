import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { effectivePermissions } from '../../plugins/app/auth-context';
import { buildRole, buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { planTemplate } from './plan-permissions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let plans = 0;
const buildPlan = (permissions: Permission[]) =>
  t.ctx.db.subscription.create({ data: { name: `Plan ${++plans} ${Date.now()}`, attributes: { permissions } } });

const ROLE_STAFF: Permission[] = ['VIEW_ROLES', 'CREATE_ROLE', 'EDIT_ROLE', 'VIEW_DEVICES', 'TRACK_DEVICES'];

async function tenantStaff(permissions: Permission[], planFlags?: Permission[]) {
  const subscriptionId = planFlags ? (await buildPlan(planFlags)).id : undefined;
  const tenant = await buildTenant(t.ctx.db, { subscriptionId });
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  return { tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}

const held = async (headers: { authorization: string }) =>
  (await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().permissions as Permission[];

describe('a plan’s permission template caps its tenants', () => {
  it('refuses to create or edit a tenant role granting flags outside the plan (400, naming them)', async () => {
    const { tenant, headers } = await tenantStaff(ROLE_STAFF, [
      'VIEW_ROLES',
      'CREATE_ROLE',
      'EDIT_ROLE',
      'VIEW_DEVICES',
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers,
      payload: { name: 'Trackers', permissions: ['VIEW_DEVICES', 'TRACK_DEVICES'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("The tenant's plan does not include: TRACK_DEVICES");

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers,
      payload: { name: 'Viewers', permissions: ['VIEW_DEVICES'] },
    });
    expect(created.statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/role/${created.json().data.id}`,
      headers,
      payload: { name: 'Viewers', permissions: ['VIEW_DEVICES', 'TRACK_DEVICES'] },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe("The tenant's plan does not include: TRACK_DEVICES");
    const role = await t.ctx.db.role.findFirstOrThrow({ where: { tenantId: tenant.id, name: 'Viewers' } });
    expect(role.permissions).toEqual(['VIEW_DEVICES']);
  });

  it('bounds platform staff writing a tenant’s role too, but not platform-wide roles', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const headers = { authorization: (await signIn(t.app, admin.email)).authorization };
    const tenant = await buildTenant(t.ctx.db, { subscriptionId: (await buildPlan(['VIEW_DEVICES'])).id });
    const forTenant = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers,
      payload: { name: 'Wide', tenantId: tenant.id, permissions: ['VIEW_DEVICES', 'SEND_COMMAND'] },
    });
    expect(forTenant.statusCode).toBe(400);
    const platformWide = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers,
      payload: { name: `Wide ${Date.now()}`, permissions: ['VIEW_DEVICES', 'SEND_COMMAND'] },
    });
    expect(platformWide.statusCode).toBe(200);
  });

  it('lets an edit keep the flags a role had before a downgrade, and refuses only the flags it adds', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const headers = { authorization: (await signIn(t.app, admin.email)).authorization };
    const tenant = await buildTenant(t.ctx.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers,
      payload: { name: 'Dispatch', tenantId: tenant.id, permissions: ['VIEW_DEVICES', 'SEND_COMMAND'] },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const small = await buildPlan(['VIEW_DEVICES']);
    await t.ctx.db.tenant.update({ where: { id: tenant.id }, data: { subscriptionId: small.id } });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/role/${id}`,
      headers,
      payload: { name: 'Dispatch desk', permissions: ['VIEW_DEVICES', 'SEND_COMMAND'] },
    });
    expect(renamed.statusCode).toBe(200);
    const widened = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/role/${id}`,
      headers,
      payload: { name: 'Dispatch desk', permissions: ['VIEW_DEVICES', 'SEND_COMMAND', 'TRACK_DEVICES'] },
    });
    expect(widened.statusCode).toBe(400);
    expect(widened.json().message).toBe("The tenant's plan does not include: TRACK_DEVICES");
  });

  it('ends the live sockets of a plan’s users when its template changes or their tenant changes plan', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const headers = { authorization: (await signIn(t.app, admin.email)).authorization };
    const plan = await buildPlan(['VIEW_DEVICES']);
    const parent = await buildTenant(t.ctx.db, { subscriptionId: plan.id });
    const child = await buildTenant(t.ctx.db, { parentTenantId: parent.id });
    const inChild = await buildUser(t.ctx.db, { tenantId: child.id });
    const elsewhere = await buildUser(t.ctx.db, { tenantId: (await buildTenant(t.ctx.db)).id });
    const ended = vi.spyOn(t.ctx.live, 'disconnect');
    const put = (permissions: Permission[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v2/subscription/${plan.id}`,
        headers,
        payload: { name: plan.name, priceCents: 1000, permissions },
      });
    expect((await put(['VIEW_DEVICES', 'TRACK_DEVICES'])).statusCode).toBe(200);
    const users = ended.mock.calls.flatMap(([who]) => who.userIds ?? []);
    expect(users).toContain(inChild.id);
    expect(users).not.toContain(elsewhere.id);
    ended.mockClear();
    expect((await put(['TRACK_DEVICES', 'VIEW_DEVICES'])).statusCode).toBe(200);
    expect(ended).not.toHaveBeenCalled();
    const other = await buildPlan(['VIEW_DEVICES']);
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/v2/subscription/${other.id}/assign`,
      headers,
      payload: { tenantId: child.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(ended.mock.calls.flatMap(([who]) => who.userIds ?? [])).toContain(inChild.id);
    ended.mockRestore();
  });

  it('narrows a user’s permissions as soon as the tenant moves to a smaller plan, without touching the role', async () => {
    const { tenant, user, headers } = await tenantStaff(ROLE_STAFF);
    expect(await held(headers)).toEqual(expect.arrayContaining(ROLE_STAFF));
    const small = await buildPlan(['VIEW_DEVICES', 'TRACK_DEVICES']);
    await t.ctx.db.tenant.update({ where: { id: tenant.id }, data: { subscriptionId: small.id } });

    // the same session: the next request already holds only what the plan leaves
    expect((await held(headers)).sort()).toEqual(['TRACK_DEVICES', 'VIEW_DEVICES']);
    const roles = await t.app.inject({ method: 'GET', url: '/api/v2/role', headers });
    expect(roles.statusCode).toBe(403);
    const role = await t.ctx.db.role.findUniqueOrThrow({ where: { id: user.roleId as number } });
    expect(role.permissions).toEqual(ROLE_STAFF);
  });

  it('leaves tenants uncapped on a plan with an empty template, or on no plan', async () => {
    const { headers } = await tenantStaff(ROLE_STAFF, []);
    expect((await held(headers)).sort()).toEqual([...ROLE_STAFF].sort());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers,
      payload: { name: 'Trackers', permissions: ['VIEW_DEVICES', 'TRACK_DEVICES'] },
    });
    expect(created.statusCode).toBe(200);
    const none = await tenantStaff(ROLE_STAFF);
    expect((await held(none.headers)).sort()).toEqual([...ROLE_STAFF].sort());
  });

  it('never caps platform staff', async () => {
    const staff = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT', 'VIEW_DEVICES', 'VIEW_ROLES'] });
    const headers = { authorization: (await signIn(t.app, staff.email)).authorization };
    expect((await held(headers)).sort()).toEqual(['ADMIN_ACCOUNT', 'VIEW_DEVICES', 'VIEW_ROLES']);
    // a template handed to a user without a tenant is ignored
    expect(effectivePermissions(staff, ['VIEW_DEVICES'])).toEqual(effectivePermissions(staff));
  });

  it('caps a sub-tenant by the nearest plan up its chain, its own plan first', async () => {
    const top = await buildTenant(t.ctx.db, { subscriptionId: (await buildPlan(['VIEW_DEVICES'])).id });
    const middle = await buildTenant(t.ctx.db, { parentTenantId: top.id });
    const leaf = await buildTenant(t.ctx.db, { parentTenantId: middle.id });
    expect(await planTemplate(t.ctx.db, leaf.id)).toEqual(['VIEW_DEVICES']);
    const own = await buildPlan(['VIEW_DEVICES', 'TRACK_DEVICES']);
    await t.ctx.db.tenant.update({ where: { id: middle.id }, data: { subscriptionId: own.id } });
    expect((await planTemplate(t.ctx.db, leaf.id))?.sort()).toEqual(['TRACK_DEVICES', 'VIEW_DEVICES']);
    expect(await planTemplate(t.ctx.db, (await buildTenant(t.ctx.db)).id)).toBeNull();

    // a reseller writing its sub-tenant's role meets the sub-tenant's plan, not its own
    const reseller = await tenantStaff(
      ['CREATE_ROLE', 'VIEW_DEVICES', 'TRACK_DEVICES'],
      ['CREATE_ROLE', 'VIEW_DEVICES', 'TRACK_DEVICES'],
    );
    const child = await buildTenant(t.ctx.db, {
      parentTenantId: reseller.tenant.id,
      subscriptionId: (await buildPlan(['VIEW_DEVICES'])).id,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/role',
      headers: reseller.headers,
      payload: { name: 'Child role', tenantId: child.id, permissions: ['VIEW_DEVICES', 'TRACK_DEVICES'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The tenant's plan does not include: TRACK_DEVICES");
  });

  it('after a downgrade a manager still manages its users and hands out roles whose extra flags are inert', async () => {
    const { tenant, headers } = await tenantStaff(['VIEW_USERS', 'VIEW_DEVICES', 'TRACK_DEVICES']);
    const driverRole = await buildRole(t.ctx.db, ['VIEW_DEVICES', 'TRACK_DEVICES'], { tenantId: tenant.id });
    const driver = await buildUser(t.ctx.db, { tenantId: tenant.id, roleId: driverRole.id });
    const small = await buildPlan(['VIEW_USERS', 'VIEW_DEVICES']);
    await t.ctx.db.tenant.update({ where: { id: tenant.id }, data: { subscriptionId: small.id } });

    // TRACK_DEVICES is gone from both: the manager lacks nothing the driver holds
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/user/${driver.id}`,
      headers,
      payload: { name: 'Renamed driver' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Renamed driver');
    const picker = await t.app.inject({ method: 'GET', url: '/api/v2/role?assignable=true', headers });
    expect(picker.json().data.map((r: { id: number }) => r.id)).toContain(driverRole.id);
  });
});
