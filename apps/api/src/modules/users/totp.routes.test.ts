import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, PASSWORD, signIn } from '../../testing/factories';
import type { TestSmtpServer } from '../../testing/smtp';
import { sentTo, startSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { openTotp } from './totp-secrets';

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

/** A 6-digit code that is not valid for `secret` in the current, previous or next 30-second step. */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(await Promise.all([-60, -30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d }))));
  for (let n = 0; ; n++) {
    const candidate = String((n * 137_911) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** The TOTP secret a stored value holds, after checking that the row does not hold it in plain text. */
function storedTotp(userId: number, stored: string | null): string | null {
  if (stored === null) return null;
  expect(stored.startsWith('v1.'), 'sealed').toBe(true);
  return openTotp(t.ctx, userId, stored);
}

function postSession(payload: { email: string; password: string; code?: string }) {
  return t.app.inject({ method: 'POST', url: '/api/session', payload });
}

/** Sets up TOTP through the API for a fresh user; returns the user, its secret and Authorization header. */
async function userWithTotp() {
  const user = await buildUser(t.ctx.db);
  const { authorization } = await signIn(t.app, user.email);
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/users/totp',
    headers: { authorization, accept: 'application/json' },
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/users/totp/verify',
    headers: { authorization },
    payload: { currentPassword: PASSWORD, code: await generate({ secret }) },
  });
  expect(verify.statusCode).toBe(204);
  return { user, secret, authorization };
}

describe('TOTP set-up', () => {
  it('creates a pending secret with an otpauth URI, enabled by the first valid code', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, user.email);

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp',
      headers: { authorization, accept: 'application/json' },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Waymark');
    // Pending only: signing in still needs no code.
    const pending = await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(pending.totpKey).toBeNull();
    expect(storedTotp(pending.id, pending.totpPendingKey)).toBe(secret);
    expect((await postSession({ email: user.email, password: PASSWORD })).statusCode).toBe(200);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp/verify',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: await wrongCode(secret) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid or expired code' });
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).totpKey).toBeNull();

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp/verify',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: '12ab' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid parameters or constraints violation');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp/verify',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: await generate({ secret }) },
    });
    expect(ok.statusCode).toBe(204);
    const enabled = await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(enabled.totpPendingKey).toBeNull();
    expect(storedTotp(enabled.id, enabled.totpKey)).toBe(secret);

    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { authorization } });
    expect(me.json().totpEnabled).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/totp' });
    expect(res.statusCode).toBe(401);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp/verify',
      payload: { currentPassword: PASSWORD, code: '123456' },
    });
    expect(verify.statusCode).toBe(401);
  });
});

describe('sign-in with TOTP', () => {
  it('asks for the authenticator code and accepts a valid one', async () => {
    const { user, secret } = await userWithTotp();

    const challenge = await postSession({ email: user.email, password: PASSWORD });
    expect(challenge.statusCode).toBe(401);
    expect(challenge.headers['www-authenticate']).toBe('TOTP');
    expect(challenge.json()).toEqual({ message: 'Code required', codeKind: 'totp' });
    // TOTP takes precedence: nothing is mailed.
    expect(smtp.messages.filter(sentTo(user.email))).toHaveLength(0);

    const wrong = await postSession({ email: user.email, password: PASSWORD, code: await wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('TOTP');
    expect(wrong.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'totp' });

    const code = await generate({ secret });
    const ok = await postSession({ email: user.email, password: PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id, totpEnabled: true });
    expect(ok.json().accessToken).toBeTruthy();

    // a code is accepted once, even within its 30-second window
    const replay = await postSession({ email: user.email, password: PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'totp' });
  });

  it('takes precedence over emailOtp', async () => {
    const { user, secret } = await userWithTotp();
    await t.ctx.db.user.update({ where: { id: user.id }, data: { emailOtp: true } });
    const challenge = await postSession({ email: user.email, password: PASSWORD });
    expect(challenge.json()).toEqual({ message: 'Code required', codeKind: 'totp' });
    expect(smtp.messages.filter(sentTo(user.email))).toHaveLength(0);
    const ok = await postSession({ email: user.email, password: PASSWORD, code: await generate({ secret }) });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses HTTP Basic for an account with TOTP', async () => {
    const basic = (email: string) => `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}`;
    const plain = await buildUser(t.ctx.db);
    const allowed = await t.app.inject({
      method: 'GET',
      url: `/api/users/${plain.id}`,
      headers: { authorization: basic(plain.email) },
    });
    expect(allowed.statusCode).toBe(200);
    const { user } = await userWithTotp();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: { authorization: basic(user.email) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/users/totp', () => {
  it('needs a valid code, then turns TOTP off', async () => {
    const { user, secret, authorization } = await userWithTotp();

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/totp',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: await wrongCode(secret) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid or expired code' });
    expect(storedTotp(user.id, (await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).totpKey)).toBe(
      secret,
    );

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/totp',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: await generate({ secret }) },
    });
    expect(off.statusCode).toBe(204);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ totpKey: null, totpPendingKey: null });

    const plain = await postSession({ email: user.email, password: PASSWORD });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().totpEnabled).toBe(false);

    const actions = (await t.ctx.db.auditLog.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } })).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['totp.enabled', 'totp.disabled']));
  });

  it('needs the current password to turn TOTP on, replace it or turn it off', async () => {
    const { user, secret, authorization } = await userWithTotp();
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp',
      headers: { authorization, accept: 'application/json' },
    });
    const replacement = (setup.json() as { secret: string }).secret;
    for (const [method, url, key] of [
      ['POST', '/api/users/totp/verify', replacement],
      ['DELETE', '/api/users/totp', secret],
    ] as const) {
      const missing = await t.app.inject({
        method,
        url,
        headers: { authorization },
        payload: { code: await generate({ secret: key }) },
      });
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json().details).toEqual([{ path: 'body.currentPassword', message: expect.any(String) }]);
      const wrong = await t.app.inject({
        method,
        url,
        headers: { authorization },
        payload: { code: await generate({ secret: key }), currentPassword: 'Not-my-password-1' },
      });
      expect(wrong.statusCode, url).toBe(403);
      expect(wrong.json()).toEqual({ message: 'The current password is not correct' });
    }
    expect(storedTotp(user.id, (await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).totpKey)).toBe(
      secret,
    );
  });

  it('answers 400 when TOTP is not enabled', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/totp',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: '123456' },
    });
    expect(res.statusCode).toBe(400);
  });
});
