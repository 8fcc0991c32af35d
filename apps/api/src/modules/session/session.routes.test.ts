import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../security/password';
import { buildUser, PASSWORD, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in and returns the Bearer header and the refresh token, which only the session cookie carries. */
async function signInWithCookie(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  const refreshToken = res.cookies.find((c) => c.name === 'waymark_session')?.value ?? '';
  return { authorization: `Bearer ${res.json().accessToken}`, refreshToken, body: res.json() };
}

/** A new API token of the signed-in caller (POST /api/session/token). */
async function makeApiToken(authorization: string, expiration?: Date) {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/session/token',
    headers: { authorization },
    payload: expiration ? { expiration: expiration.toISOString() } : {},
  });
  expect(made.statusCode).toBe(200);
  return made.body;
}

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
    const { refreshToken } = await signInWithCookie(user.email);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { waymark_session: refreshToken },
    });
    expect(me.json().id).toBe(user.id);
  });

  it('refresh gives a new access token; sign-out revokes both tokens and closes the session’s sockets', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization, refreshToken } = await signInWithCookie(user.email);
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

  it('HTTP Basic works for accounts without a second factor', async () => {
    const user = await buildUser(t.ctx.db);
    const basic = `Basic ${Buffer.from(`${user.email}:${PASSWORD}`).toString('base64')}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/session', headers: { authorization: basic } });
    expect(res.json().id).toBe(user.id);
    const withTotp = await buildUser(t.ctx.db, { totpKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: `Basic ${Buffer.from(`${withTotp.email}:${PASSWORD}`).toString('base64')}` },
    });
    expect(refused.statusCode).toBe(401);
  });
});

describe('HTTP Basic follows the sign-in form’s rules', () => {
  const basicOf = (email: string, password: string) =>
    `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

  it('is refused when the server asks every account for an emailed code', async () => {
    const user = await buildUser(t.ctx.db);
    await t.ctx.db.server.update({ where: { id: 1 }, data: { emailOtp: true } });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v2/auth/me',
        headers: { authorization: basicOf(user.email, PASSWORD) },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { emailOtp: false } });
    }
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: basicOf(user.email, PASSWORD) },
    });
    expect(plain.statusCode).toBe(200);
  });

  it('remembers a proven password only until the stored one changes', async () => {
    const user = await buildUser(t.ctx.db);
    const me = (password: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v2/auth/me',
        headers: { authorization: basicOf(user.email, password) },
      });
    expect((await me(PASSWORD)).statusCode).toBe(200);
    expect((await me(PASSWORD)).statusCode).toBe(200);
    await t.ctx.db.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword('Another-pass-7') },
    });
    expect((await me(PASSWORD)).statusCode).toBe(401);
    expect((await me('Another-pass-7')).statusCode).toBe(200);
  });

  it('shares the per-account limit with the form and writes the failure to the audit log', async () => {
    const user = await buildUser(t.ctx.db);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v2/auth/me',
        headers: { authorization: basicOf(user.email, 'wrong-pass') },
      });
      expect(res.statusCode).toBe(401);
    }
    const failures = await t.ctx.db.auditLog.count({ where: { userId: user.id, action: 'session.failed' } });
    expect(failures).toBe(10);
    // the account is now locked for the form as well as for Basic, even with the right password
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: basicOf(user.email, PASSWORD) },
    });
    expect(basic.statusCode).toBe(401);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(form.statusCode).toBe(429);
  });
});

describe('API tokens', () => {
  it('GET /api/session?token= opens a session that ends with the token and is revoked with it', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signInWithCookie(user.email);
    const expiration = new Date(Date.now() + 3_600_000);
    const token = await makeApiToken(authorization, expiration);
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/session?token=${token}` });
    expect(viaQuery.statusCode).toBe(200);
    const cookie = viaQuery.cookies.find((c) => c.name === 'waymark_session')?.value ?? '';
    const session = await t.ctx.db.authSession.findUniqueOrThrow({ where: { id: cookie.split('.')[0] } });
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(expiration.getTime());
    // a refresh does not carry it past the token's end
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/session/refresh',
      cookies: { waymark_session: cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const after = await t.ctx.db.authSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(expiration.getTime());

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/session/token/revoke',
      headers: { authorization },
      payload: { token },
    });
    expect(revoked.statusCode).toBe(204);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      cookies: { waymark_session: cookie },
    });
    expect(byCookie.statusCode).toBe(401);
  });

  it('lists the caller’s live tokens and revokes one or all of them', async () => {
    const user = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    const { authorization } = await signInWithCookie(user.email);
    const asOther = (await signInWithCookie(other.email)).authorization;
    const first = await makeApiToken(authorization);
    const second = await makeApiToken(authorization, new Date(Date.now() + 86_400_000));
    const othersToken = await makeApiToken(asOther);
    const list = await t.app.inject({ method: 'GET', url: '/api/session/tokens', headers: { authorization } });
    expect(list.statusCode).toBe(200);
    const tokens = list.json() as { id: string; createdAt: string; expiresAt: string | null }[];
    expect(tokens).toHaveLength(2);
    expect(tokens.map((x) => x.expiresAt === null).sort()).toEqual([false, true]);
    expect(JSON.stringify(tokens)).not.toContain(first);

    const otherRows = await t.ctx.db.apiToken.findMany({ where: { userId: other.id } });
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/session/tokens/${otherRows[0]?.id}`,
      headers: { authorization },
    });
    expect(foreign.statusCode).toBe(404);
    const asBearer = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await asBearer(othersToken)).statusCode).toBe(200);

    const firstId = tokens.find((x) => x.expiresAt === null)?.id;
    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/session/tokens/${firstId}`,
      headers: { authorization },
    });
    expect(one.statusCode).toBe(204);
    expect((await asBearer(first)).statusCode).toBe(401);
    expect((await asBearer(second)).statusCode).toBe(200);

    const all = await t.app.inject({ method: 'DELETE', url: '/api/session/tokens', headers: { authorization } });
    expect(all.statusCode).toBe(204);
    expect((await asBearer(second)).statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'GET', url: '/api/session/tokens', headers: { authorization } });
    expect(empty.json()).toEqual([]);
    // the signed-in session itself goes on
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization } })).statusCode).toBe(
      200,
    );
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

    await signInWithCookie(user.email);
    const stored = (await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash ?? '';
    expect(stored).not.toBe(old);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    // and the next sign-in works with the new hash
    await signInWithCookie(user.email);
  });
});
