import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordCost } from '../../security/password';
import { buildRole, buildTenant, buildUser, PASSWORD, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MANAGER = ['VIEW_USERS', 'VIEW_USER_DETAILS', 'VIEW_ROLES'] as const;

describe('users (/api/users)', () => {
  it('GET /api/users lists the visible users, by tenant or id, to user managers only', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const manager = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...MANAGER] });
    const driver = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const stranger = await buildUser(t.ctx.db, { tenantId: other.id, permissions: [] });
    const { authorization } = await signIn(t.app, manager.email);
    const all = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization } });
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((u: { id: number }) => u.id);
    expect(ids).toEqual([manager.id, driver.id].sort((x, y) => x - y));
    expect(ids).not.toContain(stranger.id);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/users?userId=${driver.id}`,
      headers: { authorization },
    });
    expect(one.json().map((u: { id: number }) => u.id)).toEqual([driver.id]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/users?tenantId=${other.id}`,
      headers: { authorization },
    });
    expect(foreign.json()).toEqual([]);
    const plain = await signIn(t.app, driver.email);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: plain.authorization },
    });
    expect(refused.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/users/${driver.id}`,
      headers: { authorization: plain.authorization },
    });
    expect(self.json().email).toBe(driver.email);
    const peer = await t.app.inject({
      method: 'GET',
      url: `/api/users/${manager.id}`,
      headers: { authorization: plain.authorization },
    });
    expect(peer.statusCode).toBe(403);
  });

  it('refuses duplicate emails (409) and invalid bodies (400)', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization },
      payload: { name: 'D', email: admin.email.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Email address is already in use');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization },
      payload: { name: '', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.email', 'body.name']);
  });

  it('prevents privilege escalation', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const manager = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...MANAGER] });
    const plain = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const strongRole = await buildRole(t.ctx.db, ['VIEW_USERS', 'SEND_COMMAND'], { tenantId: tenant.id });
    const asManager = (await signIn(t.app, manager.email)).authorization;
    const asPlain = (await signIn(t.app, plain.email)).authorization;

    const makeAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      headers: { authorization: asManager },
      payload: { administrator: true },
    });
    expect(makeAdmin.statusCode).toBe(403);
    const giveRole = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      headers: { authorization: asManager },
      payload: { roleId: strongRole.id },
    });
    expect(giveRole.statusCode).toBe(403);
    const selfRole = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      headers: { authorization: asPlain },
      payload: { roleId: strongRole.id },
    });
    expect(selfRole.statusCode).toBe(403);
    const selfName = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      headers: { authorization: asPlain },
      payload: { name: 'Me', attributes: { language: 'fr' } },
    });
    expect(selfName.statusCode).toBe(200);
    expect(selfName.json().attributes).toEqual({ language: 'fr' });
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${manager.id}`,
      headers: { authorization: asPlain },
      payload: { name: 'Hacked' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('a manager changes, disables or deletes only users whose permissions are a subset of their own', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const helpdesk = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_USERS', 'VIEW_DEVICES'] });
    const tenantAdmin = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_USERS', 'VIEW_DEVICES', 'SEND_COMMAND', 'VIEW_ROLES'],
    });
    const driver = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const headers = { authorization: (await signIn(t.app, helpdesk.email)).authorization };
    for (const payload of [{ name: 'Taken over' }, { disabled: true }, { active: false }]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${tenantAdmin.id}`, headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe('This user holds permissions you do not hold');
    }
    const v2 = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/user/${tenantAdmin.id}`,
      headers,
      payload: { disabled: true },
    });
    expect(v2.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${tenantAdmin.id}`, headers });
    expect(del.statusCode).toBe(403);
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: tenantAdmin.id } })).toMatchObject({
      name: tenantAdmin.name,
      disabled: false,
      active: true,
    });
    // a user holding less is theirs to manage
    const disable = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${driver.id}`,
      headers,
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${driver.id}`, headers })).statusCode).toBe(204);
  });

  it('nobody sets another user’s password or email: a password link is mailed instead', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const manager = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_USERS', 'VIEW_DEVICES'] });
    const driver = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    for (const who of [admin, manager]) {
      const headers = { authorization: (await signIn(t.app, who.email)).authorization };
      for (const payload of [{ password: 'Taken-over-1' }, { email: `other-${driver.id}@example.test` }]) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/users/${driver.id}`, headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(403);
        expect(res.json().message).toBe('Only the user can change their password or email; send a password link');
      }
      // sending the unchanged email back (a whole-user update) is fine
      const same = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${driver.id}`,
        headers,
        payload: { email: driver.email.toUpperCase(), name: 'Driver' },
      });
      expect(same.statusCode).toBe(200);
    }
    await expect(signIn(t.app, driver.email, PASSWORD)).resolves.toBeDefined();

    const headers = { authorization: (await signIn(t.app, manager.email)).authorization };
    const before = t.mails.length;
    const link = await t.app.inject({ method: 'POST', url: `/api/users/${driver.id}/password-link`, headers });
    expect(link.statusCode).toBe(204);
    const mail = t.mails.slice(before).find((m) => m.to === driver.email);
    expect(mail?.text).toContain('/password/reset/');
    // an invited user (no password yet) gets a new invitation
    const invited = await buildUser(t.ctx.db, { tenantId: tenant.id, passwordHash: null });
    const again = await t.app.inject({ method: 'POST', url: `/api/users/${invited.id}/password-link`, headers });
    expect(again.statusCode).toBe(204);
    expect(t.mails.find((m) => m.to === invited.email)?.text).toContain('/password/create/');
  });

  it('a user changes their own settings and preferences, not their flags', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const me = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_DEVICES'],
      expirationTime: new Date('2030-01-01T00:00:00Z'),
    });
    const headers = { authorization: (await signIn(t.app, me.email)).authorization };
    const own = (await t.app.inject({ method: 'GET', url: `/api/users/${me.id}`, headers })).json();
    const settings = {
      name: 'Me again',
      phone: '+4412345',
      map: 'osm',
      latitude: 51.5,
      longitude: -0.12,
      zoom: 12,
      coordinateFormat: 'dms',
      attributes: { language: 'el', mapLiveRoutes: 'selected', 'web.liveRouteLength': 25, notificationTokens: 'a,b' },
    };
    // a Traccar client sends the whole user back with the changes
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      headers,
      payload: { ...own, ...settings },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(settings);
    for (const flag of [
      { deviceReadonly: true },
      { readonly: true },
      { limitCommands: true },
      { deviceLimit: 100 },
      { expirationTime: '2040-01-01T00:00:00.000Z' },
      { administrator: true },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${me.id}`, headers, payload: flag });
      expect(res.statusCode, JSON.stringify(flag)).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      headers,
      payload: { attributes: { mapLiveRoutes: 'sometimes' } },
    });
    expect(bad.statusCode).toBe(400);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(row).toMatchObject({ deviceReadonly: false, administrator: false, deviceLimit: -1, name: 'Me again' });
    expect(row.expirationTime?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect((row.attributes as Record<string, unknown>).mapLiveRoutes).toBe('selected');
  });

  it('a password change needs the current password and ends the account’s other sessions and API tokens', async () => {
    const user = await buildUser(t.ctx.db);
    const first = await signIn(t.app, user.email);
    const second = await signIn(t.app, user.email);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/session/token',
      headers: { authorization: first.authorization },
    });
    const apiToken = `Bearer ${made.body}`;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { authorization: second.authorization },
        payload,
      });
    const missing = await put({ password: 'Another-pass-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter your current password to change it');
    const wrong = await put({ password: 'Another-pass-1', currentPassword: 'Not-my-password-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('The current password is not correct');
    await expect(signIn(t.app, user.email, PASSWORD)).resolves.toBeDefined();

    const disconnect = vi.spyOn(t.ctx.live, 'disconnect');
    try {
      const res = await put({ password: 'Another-pass-1', currentPassword: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(disconnect).toHaveBeenCalledWith(expect.objectContaining({ userIds: [user.id] }));
    } finally {
      disconnect.mockRestore();
    }
    // the revoked tokens are refused (401), even where signing in is optional
    for (const authorization of [first.authorization, apiToken]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { authorization } })).statusCode).toBe(
        401,
      );
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: { authorization: second.authorization } }))
        .statusCode,
    ).toBe(200);
    await expect(signIn(t.app, user.email, PASSWORD)).rejects.toThrow();
    await expect(signIn(t.app, user.email, 'Another-pass-1')).resolves.toBeDefined();
  });

  it('changing one’s email or switching the emailed code off needs the current password', async () => {
    const user = await buildUser(t.ctx.db);
    const headers = { authorization: (await signIn(t.app, user.email)).authorization };
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers, payload });
    const email = `moved-${user.id}@example.test`;
    expect((await put({ email })).statusCode).toBe(400);
    expect((await put({ email, currentPassword: 'Not-my-password-1' })).statusCode).toBe(403);
    // switching the code on is no risk; switching it off is
    expect((await put({ emailOtp: true })).statusCode).toBe(200);
    const off = await put({ emailOtp: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Enter your current password to change it');
    expect((await put({ emailOtp: false, currentPassword: PASSWORD })).statusCode).toBe(200);
    const moved = await put({ email, currentPassword: PASSWORD });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe(email);
    // the rest of one's settings need no password
    expect((await put({ name: 'Renamed', email })).statusCode).toBe(200);
  });

  it('disabling or deleting a user ends their sessions, API tokens and sockets', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const manager = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_USERS', 'VIEW_DEVICES'] });
    const headers = { authorization: (await signIn(t.app, manager.email)).authorization };
    const disconnect = vi.spyOn(t.ctx.live, 'disconnect');
    try {
      for (const change of [{ disabled: true }, { active: false }, 'delete'] as const) {
        const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
        const own = (await signIn(t.app, user.email)).authorization;
        const made = await t.app.inject({ method: 'POST', url: '/api/session/token', headers: { authorization: own } });
        const apiToken = `Bearer ${made.body}`;
        disconnect.mockClear();
        const res =
          change === 'delete'
            ? await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers })
            : await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers, payload: change });
        expect(res.statusCode, JSON.stringify(change)).toBeLessThan(300);
        expect(disconnect).toHaveBeenCalledWith(expect.objectContaining({ userIds: [user.id] }));
        if (change !== 'delete') {
          expect(await t.ctx.db.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
          expect(await t.ctx.db.authSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
          // re-enabled, the account's old credentials stay dead
          await t.ctx.db.user.update({ where: { id: user.id }, data: { disabled: false, active: true } });
          for (const authorization of [own, apiToken]) {
            const me = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization } });
            expect(me.statusCode).toBe(401);
          }
        }
      }
    } finally {
      disconnect.mockRestore();
    }
  });

  it('stores passwords hashed with scrypt', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization },
      payload: { name: 'H', email: 'hashed@example.test', password: 'Plain-text-1' },
    });
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: res.json().id } });
    // the cost is recorded in the hash (lowered for tests; OWASP's N=2^17 elsewhere, see password.test.ts)
    expect(row.passwordHash?.startsWith(`scrypt$${passwordCost().N}$8$1$`)).toBe(true);
    expect(row.passwordHash).not.toContain('Plain-text-1');
  });
});
