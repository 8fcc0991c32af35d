import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRole, buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestSmtpServer } from '../../testing/smtp';
import { startSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const MANAGER: Permission[] = ['VIEW_USERS', 'VIEW_USER_DETAILS', 'VIEW_DEVICES'];

async function manager(permissions = MANAGER) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, userLimit: -1 });
  return { tenant, user, authorization: (await signIn(t.app, user.email)).authorization };
}

const call = (method: string, url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers: { authorization }, payload: payload as never });

describe('GET /api/v2/user', () => {
  it('pages by 10, searches name or email, filters by role and status, sorts', async () => {
    const { tenant, user, authorization } = await manager();
    for (let i = 0; i < 11; i++) {
      await buildUser(t.ctx.db, { tenantId: tenant.id, name: `Driver ${String(i).padStart(2, '0')}` });
    }
    const off = await buildUser(t.ctx.db, { tenantId: tenant.id, name: 'Zed Off', disabled: true });
    const first = (await call('GET', '/api/v2/user?sortBy=name', authorization)).json().data;
    expect(first).toMatchObject({ page: 0, size: 10, totalElements: 13, totalPages: 2 });
    expect(first.content[0]).toMatchObject({ name: 'Driver 00', tenant: { id: tenant.id, name: tenant.name } });
    const desc = (await call('GET', '/api/v2/user?sortBy=name&sortOrder=desc', authorization)).json().data;
    expect(desc.content[0].name).toBe('Zed Off');
    const search = (await call('GET', '/api/v2/user?search=driver%2003', authorization)).json().data;
    expect(search.content.map((u: { name: string }) => u.name)).toEqual(['Driver 03']);
    const byEmail = (await call('GET', `/api/v2/user?search=${user.email.toUpperCase()}`, authorization)).json();
    expect(byEmail.data.content.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const disabled = (await call('GET', '/api/v2/user?status=disabled', authorization)).json().data;
    expect(disabled.content.map((u: { id: number }) => u.id)).toEqual([off.id]);
    const active = (await call('GET', '/api/v2/user?status=active', authorization)).json().data;
    expect(active.totalElements).toBe(12);
    const byRole = (await call('GET', `/api/v2/user?roleId=${user.roleId}`, authorization)).json().data;
    expect(byRole.content.map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect((await call('GET', '/api/v2/user?status=sleeping', authorization)).statusCode).toBe(400);
  });
});

describe('POST /api/v2/user/invite', () => {
  it('creates the user without a password with the chosen role and mails the password-create link', async () => {
    const { tenant, user, authorization } = await manager();
    const res = await call('POST', '/api/v2/user/invite', authorization, {
      name: 'Invited Ina',
      email: 'ina.invite@example.test',
      roleId: user.roleId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      tenantId: tenant.id,
      roleId: user.roleId,
      email: 'ina.invite@example.test',
    });
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { email: 'ina.invite@example.test' } });
    expect(row.passwordHash).toBeNull();
    const mail = await smtp.waitFor((m) => m.recipients.includes('ina.invite@example.test'));
    expect(mail.subject).toBe('Your Waymark account');
    expect(mail.text).toMatch(/\/password\/create\/[A-Za-z0-9_-]{20,}/);
  });

  it('refuses a role granting flags the inviter lacks, with a clear message', async () => {
    const { authorization, tenant } = await manager();
    const admins = await t.ctx.db.role.findFirstOrThrow({ where: { name: 'Tenant administrator' } });
    const res = await call('POST', '/api/v2/user/invite', authorization, {
      name: 'X',
      email: `x-${tenant.id}@example.test`,
      roleId: admins.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You cannot assign a role granting permissions you do not hold: /);
  });
});

describe('roles of another tenant', () => {
  it("refuses a tenant role for a user of another tenant, and allows a reseller's role below it", async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const reseller = await buildTenant(t.ctx.db);
    const child = await buildTenant(t.ctx.db, { parentTenantId: reseller.id });
    const other = await buildTenant(t.ctx.db);
    const role = await buildRole(t.ctx.db, ['VIEW_DEVICES'], { tenantId: reseller.id });
    const invite = (tenantId: number, email: string) =>
      call('POST', '/api/v2/user/invite', authorization, { name: 'R', email, tenantId, roleId: role.id });
    const refused = await invite(other.id, `other-${other.id}@example.test`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("The role belongs to another tenant than the user's");
    expect((await invite(child.id, `child-${child.id}@example.test`)).statusCode).toBe(200);
    const created = (await invite(reseller.id, `r-${reseller.id}@example.test`)).json().data;
    const plain = await buildUser(t.ctx.db, { tenantId: other.id });
    const given = await call('PUT', `/api/v2/user/${plain.id}`, authorization, { roleId: role.id });
    expect(given.statusCode).toBe(400);
    expect(created.roleId).toBe(role.id);
  });
});

describe('disable, enable, sessions and details', () => {
  it('disables (ending sessions), enables, revokes one session, and shows the details', async () => {
    const { tenant, authorization } = await manager();
    const target = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const own = await signIn(t.app, target.email);
    const second = await signIn(t.app, target.email);
    await t.ctx.db.user.update({ where: { id: target.id }, data: { emailOtp: true } });
    const device = await t.ctx.db.device.create({
      data: { name: 'Van', uniqueId: `van-${target.id}`, tenantId: tenant.id, userId: target.id },
    });

    const details = await call('GET', `/api/v2/user/${target.id}/details`, authorization);
    expect(details.statusCode).toBe(200);
    const d = details.json().data;
    expect(d).toMatchObject({
      tenant: { id: tenant.id, name: tenant.name },
      twoFactor: { totp: false, emailOtp: true },
      devices: { totalElements: 1, content: [{ id: device.id, name: 'Van' }] },
    });
    expect(d.lastLoginAt).not.toBeNull();
    expect(d.sessions).toHaveLength(2);
    expect(JSON.stringify(d)).not.toMatch(/refreshTokenHash|passwordHash/);

    const sessionId = d.sessions[0].id;
    expect((await call('DELETE', `/api/v2/user/${target.id}/sessions/${sessionId}`, authorization)).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', `/api/v2/user/${target.id}/sessions/${sessionId}`, authorization)).statusCode).toBe(
      404,
    );
    const after = (await call('GET', `/api/v2/user/${target.id}/details`, authorization)).json().data;
    expect(after.sessions).toHaveLength(1);
    expect(after.audit.content.map((a: { action: string }) => a.action)).toContain('session.revoked');

    const off = await call('POST', `/api/v2/user/${target.id}/disable`, authorization);
    expect(off.json().data.disabled).toBe(true);
    for (const s of [own, second]) {
      expect((await call('GET', '/api/v2/auth/me', s.authorization)).statusCode).toBe(401);
    }
    const on = await call('POST', `/api/v2/user/${target.id}/enable`, authorization);
    expect(on.json().data.disabled).toBe(false);
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ disabled: false });
  });

  it('sets limits through PUT, and refuses disabling oneself', async () => {
    const { tenant, user, authorization } = await manager();
    const target = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const res = await call('PUT', `/api/v2/user/${target.id}`, authorization, {
      deviceLimit: 5,
      userLimit: 2,
      expirationTime: '2031-01-01T00:00:00Z',
    });
    expect(res.json().data).toMatchObject({ deviceLimit: 5, userLimit: 2, expirationTime: '2031-01-01T00:00:00.000Z' });
    const self = await call('POST', `/api/v2/user/${user.id}/disable`, authorization);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot disable your own account');
  });
});
