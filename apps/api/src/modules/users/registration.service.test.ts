import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../security/rate-limiter';
import { buildUser } from '../../testing/factories';
import type { TestSmtpServer } from '../../testing/smtp';
import { startSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { REGISTRATION_LIMIT } from './registration.service';

const PASSWORD = 'Register-me-123';

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

let seq = 0;
const freshEmail = () => `new-${Date.now().toString(36)}-${++seq}@example.test`;

function register(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/users', payload });
}

async function setRegistration(enabled: boolean) {
  await t.ctx.db.server.update({ where: { id: 1 }, data: { registration: enabled } });
}

describe('self-registration disabled', () => {
  beforeEach(() => setRegistration(false));

  it('answers 403 and creates nothing', async () => {
    const email = freshEmail();
    const tenants = await t.ctx.db.tenant.count();
    const res = await register({ name: 'Someone', email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Registration is disabled' });
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
    expect(await t.ctx.db.tenant.count()).toBe(tenants);
  });
});

describe('self-registration enabled', () => {
  beforeEach(() => setRegistration(true));
  afterAll(() => setRegistration(false));

  it('creates the user with a tenant of their own, owned as tenant administrator', async () => {
    const email = freshEmail();
    const res = await register({ name: 'Fleet Owner', email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Fleet Owner', email, administrator: false });
    expect(body).not.toHaveProperty('passwordHash');
    expect(body).not.toHaveProperty('accessToken');

    const user = await t.ctx.db.user.findUniqueOrThrow({ where: { email }, include: { role: true } });
    expect(user.id).toBe(body.id);
    expect(user.role?.name).toBe('Tenant administrator');
    expect(user.role?.tenantId).toBeNull();
    expect(body.roleId).toBe(user.roleId);

    const tenant = await t.ctx.db.tenant.findUniqueOrThrow({ where: { userId: user.id } });
    expect(user.tenantId).toBe(tenant.id);
    expect(body.tenantId).toBe(tenant.id);
    expect(tenant.tenantGroupId).not.toBeNull();
    expect(tenant.email).toBe(email);
    const group = await t.ctx.db.group.findUniqueOrThrow({ where: { id: tenant.tenantGroupId as number } });
    expect(group.tenantId).toBe(tenant.id);

    const audit = await t.ctx.db.auditLog.findMany({ where: { userId: user.id, action: 'user.registered' } });
    expect(audit).toHaveLength(1);

    // The new account signs in with the password it chose.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().permissions.length).toBeGreaterThan(0);
    // Registration mails nothing.
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses a duplicate email with 409 and leaves no tenant behind', async () => {
    const existing = await buildUser(t.ctx.db);
    const tenants = await t.ctx.db.tenant.count();
    const res = await register({ name: 'Copycat', email: existing.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email address is already in use' });
    expect(await t.ctx.db.tenant.count()).toBe(tenants);

    const email = freshEmail();
    expect((await register({ name: 'First', email, password: PASSWORD })).statusCode).toBe(200);
    const again = await register({ name: 'Second', email, password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Email address is already in use' });
  });

  it('refuses an invalid email with 400', async () => {
    const res = await register({ name: 'Someone', email: 'not-an-email', password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid parameters or constraints violation');
    expect(res.json().details[0].path).toBe('body.email');
  });

  it('refuses a too-short password with 400', async () => {
    const email = freshEmail();
    const res = await register({ name: 'Someone', email, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid parameters or constraints violation');
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses a missing password with 400', async () => {
    const email = freshEmail();
    const res = await register({ name: 'Someone', email });
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid parameters or constraints violation');
  });

  it('ignores privileged fields sent by a registering user', async () => {
    const email = freshEmail();
    const res = await register({ name: 'Sneaky', email, password: PASSWORD, administrator: true, userLimit: -1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ administrator: false, userLimit: 10 });
  });
});

describe('registration as an existence oracle (review L9)', () => {
  beforeEach(async () => {
    await setRegistration(true);
    t.ctx.limiter = new MemoryRateLimiter();
  });

  it('answers 429 after 10 registrations an hour from one address, taken address or not', async () => {
    const existing = await buildUser(t.ctx.db);
    const from = (remoteAddress: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress,
        payload: { name: 'Probe', email, password: PASSWORD },
      });
    const codes: number[] = [];
    for (let i = 0; i < REGISTRATION_LIMIT.limit; i++) {
      codes.push((await from('203.0.113.50', i % 2 ? existing.email : freshEmail())).statusCode);
    }
    expect(codes).toEqual(Array.from({ length: REGISTRATION_LIMIT.limit }, (_, i) => (i % 2 ? 409 : 200)));
    const taken = await from('203.0.113.50', existing.email);
    const free = await from('203.0.113.50', freshEmail());
    expect([taken.statusCode, free.statusCode]).toEqual([429, 429]);
    expect(taken.json()).toEqual(free.json());
    // other addresses register as before
    expect((await from('198.51.100.50', freshEmail())).statusCode).toBe(200);
  });
});
