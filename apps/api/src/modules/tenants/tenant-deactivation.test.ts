import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recipientsByRule } from '../../notifications/recipients';
import { loadRules } from '../../notifications/rules';
import { buildAuthContext, TENANT_DEACTIVATED } from '../../plugins/app/auth-context';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';
import { seesTenant } from '../socket/socket.service';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const from = new Date(BASE - 60_000).toISOString();
const to = new Date(BASE + 3_600_000).toISOString();

describe('a deactivated tenant', () => {
  it('keeps storing its positions, hides them from the tenants above until reactivated, and refuses its users', async () => {
    const db = h.t.ctx.db;
    const { app } = h.t;
    const reseller = await buildTenant(db);
    const child = await buildTenant(db, { parentTenantId: reseller.id });
    const grandchild = await buildTenant(db, { parentTenantId: child.id });
    const resellerUser = await buildUser(db, { tenantId: reseller.id, permissions: ['VIEW_DEVICES', 'VIEW_TENANT'] });
    const childUser = await buildUser(db, { tenantId: child.id, permissions: ['VIEW_DEVICES'] });
    const grandchildUser = await buildUser(db, { tenantId: grandchild.id, permissions: ['VIEW_DEVICES'] });
    const staff = await buildUser(db, { administrator: true });
    const uniqueId = `deact-${child.id}`;
    const device = await h.device(uniqueId, { tenantId: child.id });
    await h.send([message(uniqueId, 0)]);

    const reseller1 = await signIn(app, resellerUser.email);
    const childSession = await signIn(app, childUser.email);
    const grandchildSession = await signIn(app, grandchildUser.email);
    const staffAuth = await signIn(app, staff.email);
    const get = (authorization: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization } });
    const deviceIds = async (authorization: string) =>
      (await get(authorization, '/api/devices?all=true')).json().map((d: { id: number }) => d.id);
    const positions = (authorization: string) =>
      get(authorization, `/api/positions?deviceId=${device.id}&from=${from}&to=${to}`);
    expect(await deviceIds(reseller1.authorization)).toContain(device.id);

    const disconnect = vi.spyOn(h.t.ctx.live, 'disconnect');
    const off = await app.inject({
      method: 'POST',
      url: `/api/v2/tenant/${child.id}/deactivate`,
      headers: reseller1,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    const closed = disconnect.mock.calls.flatMap(([d]) => d.userIds ?? []);
    // the tenant's and its sub-tenants' users lose their sockets, the reseller's users reconnect with their new view
    expect(closed).toEqual(expect.arrayContaining([childUser.id, grandchildUser.id, resellerUser.id]));

    // its users and those of its sub-tenants: sessions ended, sign-in refused with the reason
    expect((await get(childSession.authorization, '/api/session')).statusCode).toBe(401);
    expect((await get(grandchildSession.authorization, '/api/session')).statusCode).toBe(401);
    for (const email of [childUser.email, grandchildUser.email]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email, password: 'Correct-horse-9' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TENANT_DEACTIVATED);
    }

    // the pipeline goes on storing its positions
    await h.send([message(uniqueId, 1), message(uniqueId, 2)]);
    expect(await db.position.count({ where: { deviceId: device.id } })).toBe(3);

    // hidden from the reseller (REST and a reconnecting socket), still seen by platform staff
    const reseller2 = await signIn(app, resellerUser.email);
    expect(await deviceIds(reseller2.authorization)).not.toContain(device.id);
    const hidden = await positions(reseller2.authorization);
    expect(hidden.statusCode === 404 || (hidden.statusCode === 200 && hidden.json().length === 0)).toBe(true);
    const resellerScope = (await buildAuthContext(db, resellerUser, 'bearer')).scope;
    expect(seesTenant(resellerScope, child.id)).toBe(false);
    expect(seesTenant(resellerScope, grandchild.id)).toBe(false);
    expect(await deviceIds(staffAuth.authorization)).toContain(device.id);
    // the reseller still manages the tenant row, so it can bring it back
    expect((await get(reseller2.authorization, `/api/v2/tenant/${child.id}`)).statusCode).toBe(200);

    const on = await app.inject({ method: 'POST', url: `/api/v2/tenant/${child.id}/activate`, headers: reseller2 });
    expect(on.json().data.active).toBe(true);
    expect(await deviceIds(reseller2.authorization)).toContain(device.id);
    const all = (await positions(reseller2.authorization)).json();
    expect(all).toHaveLength(3);
    expect(seesTenant((await buildAuthContext(db, resellerUser, 'bearer')).scope, child.id)).toBe(true);
    expect((await signIn(app, childUser.email)).authorization).toMatch(/^Bearer /);
  });

  it('notifies nobody of a tenant under a deactivated one until it is reactivated', async () => {
    const db = h.t.ctx.db;
    const parent = await buildTenant(db);
    const child = await buildTenant(db, { parentTenantId: parent.id });
    const user = await buildUser(db, { tenantId: child.id, permissions: ['VIEW_NOTIFICATIONS'] });
    await db.notification.create({ data: { tenantId: child.id, type: 'alarm', always: true, channels: ['web'] } });
    // the rules as the dispatch loads them after a change: none while a tenant above is deactivated
    const recipients = async () =>
      [...(await recipientsByRule(db, child.id, await loadRules(db, child.id))).values()].flat().map((r) => r.id);
    expect(await recipients()).toEqual([user.id]);
    await db.tenant.update({ where: { id: parent.id }, data: { active: false } });
    expect(await recipients()).toEqual([]);
    await db.tenant.update({ where: { id: parent.id }, data: { active: true } });
    expect(await recipients()).toEqual([user.id]);
  });
});
