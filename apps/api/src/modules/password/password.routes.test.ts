import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, PASSWORD, signIn } from '../../testing/factories';
import type { ReceivedMail, TestSmtpServer } from '../../testing/smtp';
import { extractPasswordLink, sentTo, startSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const PUBLIC_URL = 'https://waymark.example.test';
const NEW_PASSWORD = 'Another-secret-77';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ...smtp.env, WAYMARK_PUBLIC_URL: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function postSession(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
}

function requestReset(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } });
}

function update(token: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/password/update', payload: { token, password } });
}

const resetMailTo = (email: string) => (m: ReceivedMail) => sentTo(email)(m) && m.text.includes('/password/reset/');

describe('password reset by mail', () => {
  it('mails a reset link whose token sets a new password once', async () => {
    const user = await buildUser(t.ctx.db);

    const res = await requestReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Check your email' });

    const mail = await smtp.waitFor(resetMailTo(user.email));
    expect(mail.subject).toBe('Reset your Waymark password');
    expect(mail.recipients).toEqual([user.email]);
    const link = extractPasswordLink(mail, 'reset');
    expect(link.url).toBe(`${PUBLIC_URL}/password/reset/${link.token}`);
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    // Only a hash of the token is stored.
    const rows = await t.ctx.db.oneTimeCode.findMany({ where: { userId: user.id, purpose: 'PASSWORD_RESET' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(link.token);

    const ok = await update(link.token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'New password is set' });

    const old = await postSession(user.email, PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'Incorrect email address or password' });
    expect((await postSession(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const reused = await update(link.token, 'Third-password-99');
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toEqual({ message: 'The link is invalid or has expired' });
    expect((await postSession(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a token only once even from concurrent requests', async () => {
    const user = await buildUser(t.ctx.db);
    await requestReset(user.email);
    const { token } = extractPasswordLink(await smtp.waitFor(resetMailTo(user.email)), 'reset');
    const candidates = ['Concurrent-one-1', 'Concurrent-two-2', 'Concurrent-three-3'];
    const results = await Promise.all(candidates.map((password) => update(token, password)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    const winner = candidates[results.findIndex((r) => r.statusCode === 200)] as string;
    expect((await postSession(user.email, winner)).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = 'nobody-here@example.test';
    const before = smtp.messages.length;
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Check your email' });
    expect(smtp.messages).toHaveLength(before);
    expect(smtp.messages.filter(sentTo(email))).toHaveLength(0);
  });

  it('revokes the sessions, API tokens and sockets of the user', async () => {
    const user = await buildUser(t.ctx.db);
    const signedIn = await postSession(user.email, PASSWORD);
    const authorization = `Bearer ${signedIn.json().accessToken}`;
    const refreshToken = signedIn.cookies.find((c) => c.name === 'waymark_session')?.value ?? '';
    const me = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { authorization } });
    expect(me.statusCode).toBe(200);
    const made = await t.app.inject({ method: 'POST', url: '/api/session/token', headers: { authorization } });
    const apiToken = `Bearer ${made.body}`;

    await requestReset(user.email);
    const { token } = extractPasswordLink(await smtp.waitFor(resetMailTo(user.email)), 'reset');
    const disconnect = vi.spyOn(t.ctx.live, 'disconnect');
    try {
      expect((await update(token, NEW_PASSWORD)).statusCode).toBe(200);
      expect(disconnect).toHaveBeenCalledWith(expect.objectContaining({ userIds: [user.id] }));
    } finally {
      disconnect.mockRestore();
    }

    for (const auth of [authorization, apiToken]) {
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/users/${user.id}`,
        headers: { authorization: auth },
      });
      expect(after.statusCode).toBe(401);
    }
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/session/refresh',
      cookies: { waymark_session: refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const live = await t.ctx.db.authSession.count({ where: { userId: user.id, revokedAt: null } });
    expect(live).toBe(0);
  });

  it('refuses an unknown or expired token', async () => {
    const unknown = await update('x'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'The link is invalid or has expired' });

    const user = await buildUser(t.ctx.db);
    await requestReset(user.email);
    const { token } = extractPasswordLink(await smtp.waitFor(resetMailTo(user.email)), 'reset');
    await t.ctx.db.oneTimeCode.updateMany({
      where: { userId: user.id, purpose: 'PASSWORD_RESET' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await update(token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: 'The link is invalid or has expired' });
    expect((await postSession(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a too-short password and keeps the token usable', async () => {
    const user = await buildUser(t.ctx.db);
    await requestReset(user.email);
    const { token } = extractPasswordLink(await smtp.waitFor(resetMailTo(user.email)), 'reset');

    const short = await update(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Invalid parameters or constraints violation');
    expect(short.json().details).toEqual([
      { path: 'body.password', message: 'Password must have at least 8 characters' },
    ]);

    expect((await update(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is not a sign-in code: a LOGIN code cannot reset the password', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    expect((await postSession(user.email, PASSWORD)).statusCode).toBe(401);
    const mail = await smtp.waitFor(sentTo(user.email));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const res = await update(code, NEW_PASSWORD);
    expect(res.statusCode).toBe(404);
  });

  it('sends no mail to a disabled account', async () => {
    const user = await buildUser(t.ctx.db, { disabled: true });
    const res = await requestReset(user.email);
    expect(res.json()).toEqual({ message: 'Check your email' });
    expect(smtp.messages.filter(sentTo(user.email))).toHaveLength(0);
  });
});

describe('invited users', () => {
  it('an administrator creates a user without password; the mailed link sets the first password', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const email = `invited-${Date.now()}@example.test`;

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization },
      payload: { name: 'Invited User', email },
    });
    expect(created.statusCode).toBe(200);
    const invited = created.json() as { id: number; email: string };
    expect(invited.email).toBe(email);

    const mail = await smtp.waitFor(sentTo(email));
    expect(mail.subject).toBe('Your Waymark account');
    expect(mail.text).toContain('Hello Invited User');
    const link = extractPasswordLink(mail, 'create');
    expect(link.url).toBe(`${PUBLIC_URL}/password/create/${link.token}`);

    // No password yet: no sign-in with anything.
    expect((await postSession(email, PASSWORD)).statusCode).toBe(401);

    const set = await update(link.token, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'New password is set' });

    const signedIn = await postSession(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: invited.id, email });

    const reused = await update(link.token, 'Other-password-11');
    expect(reused.statusCode).toBe(404);
  });

  it('sends no invite when the administrator sets a password', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const email = `direct-${Date.now()}@example.test`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization },
      payload: { name: 'Direct User', email, password: NEW_PASSWORD },
    });
    expect(created.statusCode).toBe(200);
    expect(smtp.messages.filter(sentTo(email))).toHaveLength(0);
    expect((await postSession(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('records the reset without the token or the password', async () => {
    const user = await buildUser(t.ctx.db);
    await requestReset(user.email);
    const { token } = extractPasswordLink(await smtp.waitFor(resetMailTo(user.email)), 'reset');
    expect((await update(token, NEW_PASSWORD)).statusCode).toBe(200);
    const rows = await t.ctx.db.auditLog.findMany({ where: { userId: user.id } });
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['password.reset_requested', 'password.changed']));
    const text = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(text).not.toContain(token);
    expect(text).not.toContain(NEW_PASSWORD);
  });
});
