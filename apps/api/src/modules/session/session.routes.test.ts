import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../security/password';
import { buildUser, PASSWORD, signIn } from '../../testing/factories';
import { signInWithCookie } from '../../testing/session-kit';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/session', () => {
  it('signs in with JSON and returns the user with tokens and a session cookie', async () => {
    const user = await buildUser(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, email: user.email, totpEnabled: false });
    expect(body.accessToken.split('.')).toHaveLength(3);
    // the refresh token is only in the HttpOnly cookie, never in a body a script could read
    expect(body).not.toHaveProperty('refreshToken');
    expect(body).not.toHaveProperty('passwordHash');
    expect(String(res.headers['set-cookie'])).toMatch(/waymark_session=[0-9a-f-]{36}\..*HttpOnly/);
  });

  it('signs in with a form body (Traccar clients) and ignores email case', async () => {
    const user = await buildUser(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email.toUpperCase())}&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('without "remember me" gives a 12-hour session and a browser-session cookie', async () => {
    const user = await buildUser(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(PASSWORD)}&remember=false`,
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Max-Age/i);
    const session = await t.ctx.db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.persistent).toBe(false);
    const hours = (session.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(String(remembered.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
  });

  it('answers the same message whichever part was wrong', async () => {
    const user = await buildUser(t.ctx.db);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: 'nope-nope' },
    });
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'nobody@example.test', password: PASSWORD },
    });
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Incorrect email address or password' });
    }
  });

  it('rejects an invalid body with 400 and the catalogue text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid parameters or constraints violation');
    expect(res.json().details[0].path).toContain('password');
  });

  it('refuses disabled accounts after a correct password', async () => {
    const user = await buildUser(t.ctx.db, { disabled: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Account is disabled');
  });

  it('rate-limits attempts per account with 429', async () => {
    const user = await buildUser(t.ctx.db);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: user.email, password: 'wrong-pass' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('session lifecycle', () => {
  it('GET /api/session returns the current user, or 404 without one', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, user.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { authorization } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    const none = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(none.statusCode).toBe(404);
  });

  it('the session cookie alone authenticates (Traccar clients)', async () => {
    const user = await buildUser(t.ctx.db);
    const { refreshToken } = await signInWithCookie(t.app, user.email);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { waymark_session: refreshToken },
    });
    expect(me.json().id).toBe(user.id);
  });

  it('refresh gives a new access token; sign-out revokes both tokens and closes the session’s sockets', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization, refreshToken } = await signInWithCookie(t.app, user.email);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/session/refresh',
      cookies: { waymark_session: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('refreshToken');
    const fresh = `Bearer ${refreshed.json().accessToken}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: fresh } })).statusCode,
    ).toBe(200);

    const session = await t.ctx.db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    const disconnect = vi.spyOn(t.ctx.live, 'disconnect');
    try {
      const out = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { authorization } });
      expect(out.statusCode).toBe(204);
      expect(disconnect).toHaveBeenCalledWith({ sessionIds: [session.id], reason: 'Signed out' });
    } finally {
      disconnect.mockRestore();
    }
    for (const auth of [authorization, fresh]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: auth } })).statusCode,
      ).toBe(401);
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/session/refresh',
      cookies: { waymark_session: refreshToken },
    });
    expect(again.statusCode).toBe(401);
  });

  it('rejects a tampered or expired access token', async () => {
    const user = await buildUser(t.ctx.db);
    const { body } = await signIn(t.app, user.email);
    const tampered = `${body.accessToken.slice(0, -2)}xx`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('POST /api/session/token makes an API token that works as Bearer and with GET /api/session?token=', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, user.email);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/session/token',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `expiration=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
    });
    expect(made.statusCode).toBe(200);
    const token = made.body;
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.json().data.id).toBe(user.id);
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/session?token=${token}` });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.json()).toMatchObject({ id: user.id });
    expect(viaQuery.json().accessToken).toBeDefined();
    expect(viaQuery.json()).not.toHaveProperty('refreshToken');

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/session/token/revoke',
      headers: { authorization },
      payload: { token },
    });
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('password re-hash on sign-in', () => {
  it('replaces a hash of an older scrypt cost after a successful sign-in, and the new one verifies', async () => {
    // the cost earlier versions used
    const old = await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1 });
    const user = await buildUser(t.ctx.db, { passwordHash: old });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(old);

    await signInWithCookie(t.app, user.email);
    const stored = (await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash ?? '';
    expect(stored).not.toBe(old);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    // and the next sign-in works with the new hash
    await signInWithCookie(t.app, user.email);
  });
});
