import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { signInWithCookie } from '../../testing/session-kit';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/session/:id (connect as user, Traccar’s call)', () => {
  it('gives the administrator’s browser a marked session of the user, audited', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true, name: 'Ada Admin' });
    const tenant = await buildTenant(t.ctx.db);
    const target = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const { refreshToken } = await signInWithCookie(t.app, admin.email);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/session/${target.id}`,
      cookies: { waymark_session: refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, email: target.email, impersonatedBy: { id: admin.id } });
    const cookie = res.cookies.find((c) => c.name === 'waymark_session');
    expect(cookie?.value).not.toBe(refreshToken);
    // a browser-session cookie, as the admin area's "connect as user" gives
    expect(cookie?.maxAge).toBeUndefined();

    // the cookie now signs the browser in as the user, and the session names the administrator (the UI's banner)
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { waymark_session: cookie?.value ?? '' },
    });
    expect(session.json()).toMatchObject({ id: target.id, impersonatedBy: { id: admin.id, name: 'Ada Admin' } });
    // the administrator's own session was handed over
    const old = await t.app.inject({ method: 'GET', url: '/api/session', cookies: { waymark_session: refreshToken } });
    expect(old.statusCode).toBe(404);
    const row = await t.ctx.db.auditLog.findFirstOrThrow({
      where: { action: 'user.impersonation_started', objectId: String(target.id) },
    });
    expect(row).toMatchObject({ userId: admin.id, objectType: 'user' });
  });

  it('refuses users without ADMIN_ACCOUNT, other administrators and unknown ids', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const manager = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_USERS', 'VIEW_DEVICES'] });
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const asManager = await signIn(t.app, manager.email);
    const refused = await t.app.inject({ method: 'GET', url: `/api/session/${user.id}`, headers: asManager });
    expect(refused.statusCode).toBe(403);

    const admin = await buildUser(t.ctx.db, { administrator: true });
    const other = await buildUser(t.ctx.db, { administrator: true });
    const asAdmin = await signIn(t.app, admin.email);
    const peer = await t.app.inject({ method: 'GET', url: `/api/session/${other.id}`, headers: asAdmin });
    expect(peer.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/session/987654321', headers: asAdmin });
    expect(unknown.statusCode).toBe(404);
    expect(await t.ctx.db.auditLog.count({ where: { action: 'user.impersonation_started', userId: admin.id } })).toBe(
      0,
    );
  });
});

/** A form post, as Traccar's clients send these calls. */
const postForm = (url: string, authorization: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('POST /api/session/token with whatever body a client sends', () => {
  const bodies: [string, Record<string, string>, string | undefined][] = [
    ['no body', {}, undefined],
    ['an empty text/plain body', { 'content-type': 'text/plain' }, ''],
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['an empty form', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
    ['some other type', { 'content-type': 'application/octet-stream' }, ''],
  ];
  for (const [name, headers, payload] of bodies) {
    it(`makes a token without an end from ${name}`, async () => {
      const user = await buildUser(t.ctx.db);
      const { authorization } = await signIn(t.app, user.email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/token',
        headers: { authorization, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const works = await t.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: { authorization: `Bearer ${res.body}` },
      });
      expect(works.json()).toMatchObject({ id: user.id });
      const row = await t.ctx.db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
      expect(row.expiresAt).toBeNull();
    });
  }

  it('takes the form’s expiration, refuses a malformed one, and revokes with the form field token', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, user.email);
    const expiration = new Date(Date.now() + 3_600_000);
    const made = await postForm(
      '/api/session/token',
      authorization,
      `expiration=${encodeURIComponent(expiration.toISOString())}`,
    );
    expect(made.statusCode).toBe(200);
    const row = await t.ctx.db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.expiresAt?.getTime()).toBe(expiration.getTime());
    const bad = await postForm('/api/session/token', authorization, 'expiration=tomorrow');
    expect(bad.statusCode).toBe(400);

    const revoked = await postForm(
      '/api/session/token/revoke',
      authorization,
      `token=${encodeURIComponent(made.body)}`,
    );
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: `Bearer ${made.body}` },
    });
    expect(after.statusCode).toBe(401);
    const missing = await postForm('/api/session/token/revoke', authorization, '');
    expect(missing.statusCode).toBe(400);
  });
});
