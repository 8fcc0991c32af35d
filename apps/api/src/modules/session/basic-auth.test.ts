import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../security/password';
import { buildUser, PASSWORD } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP Basic', () => {
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
