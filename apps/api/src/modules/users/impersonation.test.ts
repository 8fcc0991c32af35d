import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] as string;

describe('connect as user', () => {
  it('opens a marked session as the user, audited, and returns to the administrator', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true, name: 'Ada Admin' });
    const tenant = await buildTenant(t.ctx.db);
    const target = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const asAdmin = await signIn(t.app, admin.email);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/user/${target.id}/impersonate`,
      headers: { authorization: asAdmin.authorization },
    });
    expect(res.statusCode).toBe(200);
    const started = res.json().data;
    expect(started.user).toMatchObject({ id: target.id, impersonatedBy: { id: admin.id, name: 'Ada Admin' } });
    const cookie = cookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/^waymark_session=/);

    const me = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(started.accessToken) });
    expect(me.json().data).toMatchObject({ id: target.id, impersonatedBy: { id: admin.id, name: 'Ada Admin' } });
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer(started.accessToken) });
    expect(session.json()).toMatchObject({ id: target.id, impersonatedBy: { id: admin.id } });
    // refreshing through the cookie keeps the impersonated session
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/session/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    // the administrator's own session was handed over; the target's sign-in time is untouched
    expect(await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: asAdmin })).toMatchObject({
      statusCode: 401,
    });
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: target.id } })).lastLoginAt).toBeNull();
    const row = await t.ctx.db.auditLog.findFirstOrThrow({ where: { action: 'user.impersonation_started' } });
    expect(row).toMatchObject({ userId: admin.id, objectType: 'user', objectId: String(target.id) });

    const token = await t.app.inject({
      method: 'POST',
      url: '/api/session/token',
      headers: bearer(started.accessToken),
    });
    expect(token.statusCode).toBe(403);

    const nested = await t.app.inject({
      method: 'POST',
      url: `/api/v2/user/${target.id}/impersonate`,
      headers: bearer(started.accessToken),
    });
    expect(nested.statusCode).toBe(403);

    const end = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/impersonation/end',
      headers: bearer(started.accessToken),
    });
    expect(end.statusCode).toBe(200);
    const back = end.json().data;
    expect(back.user.id).toBe(admin.id);
    const meAgain = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(back.accessToken) });
    expect(meAgain.json().data).toMatchObject({ id: admin.id, impersonatedBy: null });
    const stale = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(started.accessToken) });
    expect(stale.statusCode).toBe(401);
    expect(await t.ctx.db.auditLog.count({ where: { action: 'user.impersonation_ended', userId: admin.id } })).toBe(1);
  });

  it('never connects as another administrator, and ending needs an impersonated session', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const other = await buildUser(t.ctx.db, { administrator: true });
    const staff = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT'] });
    const { authorization } = await signIn(t.app, admin.email);
    for (const id of [other.id, staff.id]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/user/${id}/impersonate`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot connect as another administrator');
    }
    const end = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/impersonation/end',
      headers: { authorization },
    });
    expect(end.statusCode).toBe(400);
  });
});
