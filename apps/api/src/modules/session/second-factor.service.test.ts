import { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { loggerOptions } from '../../logger';
import { createMailer } from '../../mail/mailer';
import { authPlugin } from '../../plugins/app/auth';
import { errorsPlugin } from '../../plugins/app/errors';
import { MemoryRateLimiter } from '../../security/rate-limiter';
import { buildUser, PASSWORD } from '../../testing/factories';
import type { TestSmtpServer } from '../../testing/smtp';
import { extractCode, extractPasswordLink, sentTo, startSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { passwordRoutes } from '../password/password.routes';
import { checkCode, EMAIL_CODE_MAX_ATTEMPTS } from './second-factor.service';
import { sessionRoutes } from './session.routes';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
// Every request comes from 127.0.0.1: fresh rate-limit windows per test keep the per-IP sign-in limit out of the way.
beforeEach(() => {
  t.ctx.limiter = new MemoryRateLimiter();
});

function postSession(app: FastifyInstance, payload: { email: string; password: string; code?: string }) {
  return app.inject({ method: 'POST', url: '/api/session', payload });
}

/** Mails addressed to `email` so far. */
const mailsTo = (email: string) => smtp.messages.filter(sentTo(email));

/** Asks for a code (password only) and returns the one that was mailed. */
async function requestCode(email: string): Promise<string> {
  const before = mailsTo(email).length;
  const res = await postSession(t.app, { email, password: PASSWORD });
  expect(res.statusCode).toBe(401);
  const mail = await smtp.waitFor((m) => sentTo(email)(m) && mailsTo(email).indexOf(m) >= before);
  return extractCode(mail);
}

/** A 6-digit code other than `code`. */
const otherCode = (code: string) => String((Number(code) + 500_001) % 1_000_000).padStart(6, '0');

describe('email one-time code', () => {
  it('answers 401 + WWW-Authenticate: TOTP, mails a code, and signs in with it', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });

    const challenge = await postSession(t.app, { email: user.email, password: PASSWORD });
    expect(challenge.statusCode).toBe(401);
    expect(challenge.headers['www-authenticate']).toBe('TOTP');
    expect(challenge.json()).toEqual({ message: 'Code required', codeKind: 'email' });
    expect(challenge.body).not.toContain('accessToken');

    const mail = await smtp.waitFor(sentTo(user.email));
    expect(mail.recipients).toEqual([user.email]);
    expect(mail.subject).toBe('Your Waymark sign-in code');
    expect(mail.from).toContain('no-reply@waymark.local');
    const code = extractCode(mail);
    expect(code).toMatch(/^\d{6}$/);

    const ok = await postSession(t.app, { email: user.email, password: PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id, email: user.email, emailOtp: true });
    expect(ok.json().accessToken.split('.')).toHaveLength(3);

    // Single use: the same code cannot open a second session.
    const again = await postSession(t.app, { email: user.email, password: PASSWORD, code });
    expect(again.statusCode).toBe(401);
    expect(again.headers['www-authenticate']).toBe('TOTP');
    expect(again.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'email' });
  });

  it('still needs the password: a code with a wrong password is refused without a challenge', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const code = await requestCode(user.email);
    const res = await postSession(t.app, { email: user.email, password: 'Wrong-password-1', code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Incorrect email address or password' });
    expect(res.headers['www-authenticate']).toBeUndefined();
    // The code was not consumed by the failed attempt.
    const ok = await postSession(t.app, { email: user.email, password: PASSWORD, code });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a wrong code with 401 and codeKind email', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const code = await requestCode(user.email);
    const res = await postSession(t.app, { email: user.email, password: PASSWORD, code: otherCode(code) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('TOTP');
    expect(res.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'email' });
    // A malformed code is refused the same way.
    const malformed = await postSession(t.app, { email: user.email, password: PASSWORD, code: 'abc' });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().codeKind).toBe('email');
  });

  it(`burns the code after ${EMAIL_CODE_MAX_ATTEMPTS} wrong attempts`, async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const code = await requestCode(user.email);
    const wrong = otherCode(code);
    for (let i = 0; i < EMAIL_CODE_MAX_ATTEMPTS; i++) {
      const res = await postSession(t.app, { email: user.email, password: PASSWORD, code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().codeKind).toBe('email');
    }
    const late = await postSession(t.app, { email: user.email, password: PASSWORD, code });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'email' });
    const row = await t.ctx.db.oneTimeCode.findFirstOrThrow({ where: { userId: user.id, purpose: 'LOGIN' } });
    expect(row.attempts).toBe(EMAIL_CODE_MAX_ATTEMPTS);
    expect(row.usedAt).not.toBeNull();
  });

  it('lets only one of several concurrent requests use the same code', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await buildUser(t.ctx.db, { emailOtp: true });
      const code = await requestCode(user.email);
      const results = await Promise.all(
        [0, 1, 2, 3].map(() => postSession(t.app, { email: user.email, password: PASSWORD, code })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
      expect(await t.ctx.db.authSession.count({ where: { userId: user.id } })).toBe(1);
    }
    // The same at the service level, where the requests line up more tightly.
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const code = await requestCode(user.email);
    const checks = await Promise.all(Array.from({ length: 6 }, () => checkCode(t.ctx, user, 'email', code)));
    expect(checks.filter(Boolean)).toHaveLength(1);
  });

  it('counts concurrent wrong attempts without losing any', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const code = await requestCode(user.email);
    const wrong = otherCode(code);
    const results = await Promise.all(
      Array.from({ length: EMAIL_CODE_MAX_ATTEMPTS }, () =>
        postSession(t.app, { email: user.email, password: PASSWORD, code: wrong }),
      ),
    );
    expect(results.every((r) => r.statusCode === 401)).toBe(true);
    const row = await t.ctx.db.oneTimeCode.findFirstOrThrow({ where: { userId: user.id, purpose: 'LOGIN' } });
    expect(row.attempts).toBe(EMAIL_CODE_MAX_ATTEMPTS);
    expect(row.usedAt).not.toBeNull();
    expect((await postSession(t.app, { email: user.email, password: PASSWORD, code })).statusCode).toBe(401);

    // At the service level too: each of many simultaneous wrong guesses counts.
    const other = await buildUser(t.ctx.db, { emailOtp: true });
    const otherCodeSent = await requestCode(other.email);
    const guesses = await Promise.all(
      Array.from({ length: EMAIL_CODE_MAX_ATTEMPTS }, () => checkCode(t.ctx, other, 'email', otherCode(otherCodeSent))),
    );
    expect(guesses.some(Boolean)).toBe(false);
    expect(await checkCode(t.ctx, other, 'email', otherCodeSent)).toBe(false);
  });

  it('refuses an expired code', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const code = await requestCode(user.email);
    const { count } = await t.ctx.db.oneTimeCode.updateMany({
      where: { userId: user.id, purpose: 'LOGIN' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(count).toBe(1);
    const res = await postSession(t.app, { email: user.email, password: PASSWORD, code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'email' });
  });

  it('a new code replaces the previous one', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    if (first !== second) {
      const old = await postSession(t.app, { email: user.email, password: PASSWORD, code: first });
      expect(old.statusCode).toBe(401);
    }
    const ok = await postSession(t.app, { email: user.email, password: PASSWORD, code: second });
    expect(ok.statusCode).toBe(200);
  });

  it('applies the server-wide emailOtp setting to users without their own flag', async () => {
    const user = await buildUser(t.ctx.db);
    expect(user.emailOtp).toBe(false);
    await t.ctx.db.server.update({ where: { id: 1 }, data: { emailOtp: true } });
    try {
      const challenge = await postSession(t.app, { email: user.email, password: PASSWORD });
      expect(challenge.statusCode).toBe(401);
      expect(challenge.headers['www-authenticate']).toBe('TOTP');
      expect(challenge.json()).toEqual({ message: 'Code required', codeKind: 'email' });
      const code = extractCode(await smtp.waitFor(sentTo(user.email)));
      const ok = await postSession(t.app, { email: user.email, password: PASSWORD, code });
      expect(ok.statusCode).toBe(200);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { emailOtp: false } });
    }
    // Without the server setting the same user signs in with the password alone.
    const plain = await postSession(t.app, { email: user.email, password: PASSWORD });
    expect(plain.statusCode).toBe(200);
  });

  it('sends no code for a wrong password', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const res = await postSession(t.app, { email: user.email, password: 'Wrong-password-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Incorrect email address or password' });
    expect(mailsTo(user.email)).toHaveLength(0);
    expect(await t.ctx.db.oneTimeCode.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('secrets stay out of logs and the audit log', () => {
  /** Whether `secret` occurs in `text`; a numeric code only counts as a number of its own, not inside a timestamp. */
  const contains = (text: string, secret: string) =>
    /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text) : text.includes(secret);

  /**
   * The real route plugins under a Fastify instance set up like buildApp's, but whose pino logger (with
   * the app's redaction and serializers, at trace level) writes into memory; the mailer logs there too.
   */
  async function appWithMemoryLog() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const log = pino({ ...loggerOptions('trace'), name: 'test' }, stream);
    const mailer = createMailer(t.ctx.env, log);
    const ctx: AppContext = { ...t.ctx, log, mailer, limiter: new MemoryRateLimiter() };
    const app = Fastify({ logger: { ...loggerOptions('trace'), name: 'api', stream } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(cookie);
    await app.register(formbody);
    await app.register(authPlugin, { ctx });
    await app.register(
      async (api) => {
        await api.register(sessionRoutes, { ctx });
        await api.register(passwordRoutes, { ctx });
      },
      { prefix: '/api' },
    );
    await app.ready();
    return {
      app,
      text: () => lines.join(''),
      async close() {
        await app.close();
        mailer.close();
      },
    };
  }

  it('never writes the sign-in code, reset token, passwords or tokens', async () => {
    const logged = await appWithMemoryLog();
    try {
      const user = await buildUser(t.ctx.db, { emailOtp: true });
      const auditFrom = new Date();

      // Email code sign-in, including a wrong code.
      expect((await postSession(logged.app, { email: user.email, password: PASSWORD })).statusCode).toBe(401);
      const code = extractCode(await smtp.waitFor(sentTo(user.email)));
      const wrong = otherCode(code);
      expect((await postSession(logged.app, { email: user.email, password: PASSWORD, code: wrong })).statusCode).toBe(
        401,
      );
      const signedIn = await postSession(logged.app, { email: user.email, password: PASSWORD, code });
      expect(signedIn.statusCode).toBe(200);
      const { accessToken } = signedIn.json();
      const refreshToken = signedIn.cookies.find((c) => c.name === 'waymark_session')?.value;
      expect(refreshToken).toMatch(/^[0-9a-f-]{36}\./);

      // A long-lived API token, then used in a query string (Traccar's ?token= sign-in).
      const issued = await logged.app.inject({
        method: 'POST',
        url: '/api/session/token',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: {},
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const apiToken = issued.body;
      const byQuery = await logged.app.inject({
        method: 'GET',
        url: `/api/session?token=${encodeURIComponent(apiToken)}`,
      });
      expect(byQuery.statusCode).toBe(200);

      // Password reset by mail.
      const reset = await logged.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        payload: { email: user.email },
      });
      expect(reset.statusCode).toBe(200);
      const { token } = extractPasswordLink(
        await smtp.waitFor((m) => sentTo(user.email)(m) && /password\/reset/.test(m.text)),
        'reset',
      );
      const newPassword = 'Brand-new-secret-42';
      const update = await logged.app.inject({
        method: 'POST',
        url: '/api/password/update',
        payload: { token, password: newPassword },
      });
      expect(update.statusCode).toBe(200);

      const text = logged.text();
      // The log was captured: request lines and the mailer's line are there.
      expect(text).toContain('incoming request');
      expect(text).toContain('mail sent');
      expect(text).toContain('/api/session?token=[redacted]');
      const secrets = { code, wrong, accessToken, refreshToken, apiToken, token, newPassword, PASSWORD };
      for (const [name, secret] of Object.entries(secrets)) {
        expect(contains(text, secret), `${name} appears in the log`).toBe(false);
      }

      const rows = await t.ctx.db.auditLog.findMany({ where: { createdAt: { gte: auditFrom } } });
      const actions = rows.map((r) => r.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'session.code_failed',
          'session.created',
          'password.reset_requested',
          'password.changed',
        ]),
      );
      const audit = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
      for (const [name, secret] of Object.entries(secrets)) {
        expect(contains(audit, secret), `${name} appears in the audit log`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});
