import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, safeUrl } from './logger';
import { buildUser, PASSWORD, signIn } from './testing/factories';
import type { TestApp } from './testing/test-app';
import { createTestApp } from './testing/test-app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { log: pino(loggerOptions('trace'), sink) });
});
afterAll(() => t.close());

describe('logs', () => {
  it('record requests but never passwords, codes or tokens', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: user.email, password: PASSWORD } });
    const code = /\b(\d{6})\b/.exec(t.mails.at(-1)?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: PASSWORD, code },
    });
    const { accessToken } = signedIn.json();
    const refreshToken = signedIn.cookies.find((c) => c.name === 'waymark_session')?.value ?? '';
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/session/token',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(made.statusCode).toBe(200);
    const token = made.body;
    expect((await t.app.inject({ method: 'GET', url: `/api/session?token=${token}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/session/refresh', payload: { refreshToken } })).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email: user.email } });
    const other = await buildUser(t.ctx.db);
    await signIn(t.app, other.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: other.email, password: 'Wrong-secret-9' },
    });

    const log = lines.join('');
    expect(log).toContain('/api/session');
    for (const secret of [PASSWORD, 'Wrong-secret-9', code, accessToken, refreshToken, token]) {
      expect(log).not.toContain(secret);
    }
  });

  it('mask secret query parameters in URLs', () => {
    expect(safeUrl('/api/session?token=abc.def&x=1')).toBe('/api/session?token=[redacted]&x=1');
    expect(safeUrl('/api/session/openid/callback?code=xyz&state=s')).toBe(
      '/api/session/openid/callback?code=[redacted]&state=[redacted]',
    );
  });

  it('mask invitation, reset and share links in paths', () => {
    expect(safeUrl('/password/create/inv1t3T0ken')).toBe('/password/create/[redacted]');
    expect(safeUrl('/password/reset/r3setT0ken?lang=fr')).toBe('/password/reset/[redacted]?lang=fr');
    expect(safeUrl('/api/share/0b4f1c9e-1111-4222-8333-944455556666')).toBe('/api/share/[redacted]');
    expect(safeUrl('/devices/share/0b4f1c9e-1111-4222-8333-944455556666')).toBe('/devices/share/[redacted]');
    expect(safeUrl('/api/socket?share=0b4f1c9e')).toBe('/api/socket?share=[redacted]');
    // the routes that create links keep their names
    expect(safeUrl('/api/share/device')).toBe('/api/share/device');
    expect(safeUrl('/api/password/reset')).toBe('/api/password/reset');
  });
});
