import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../security/secret-box';
import { buildUser, PASSWORD } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const postSession = (payload: { email: string; password: string; code?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload });

/** Asks for a code and returns it with the row stored for it. */
async function mailedCode(user: { id: number; email: string }) {
  expect((await postSession({ email: user.email, password: PASSWORD })).statusCode).toBe(401);
  const mail = t.mails.filter((m) => m.to === user.email).at(-1);
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail?.text ?? '')?.[1] ?? '';
  const row = await t.ctx.db.oneTimeCode.findFirstOrThrow({
    where: { userId: user.id, usedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  return { code, stored: row.codeHash };
}

describe('emailed sign-in codes at rest', () => {
  it('are stored as a keyed HMAC with a salt of their own, which the table alone cannot reverse', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const first = await mailedCode(user);
    expect(first.code).toMatch(/^\d{6}$/);
    const [format, salt = '', mac = ''] = first.stored.split('.');
    expect(format).toBe('h1');
    expect(Buffer.from(salt, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(mac).toBe(t.ctx.secrets.mac(salt, `${user.id}:${first.code}`));
    // another server key gets nowhere with it
    expect(new SecretBox(randomBytes(32)).mac(salt, `${user.id}:${first.code}`)).not.toBe(mac);
    expect(first.stored).not.toContain(createHash('sha256').update(`${user.id}:${first.code}`).digest('hex'));

    // a second code gets a salt of its own
    const second = await mailedCode(user);
    expect(second.stored.split('.')[1]).not.toBe(salt);
    const ok = await postSession({ email: user.email, password: PASSWORD, code: second.code });
    expect(ok.statusCode).toBe(200);
  });

  it('does not accept a code against a hash of the old unsalted format', async () => {
    const user = await buildUser(t.ctx.db, { emailOtp: true });
    const { code } = await mailedCode(user);
    const legacy = createHash('sha256').update(`${user.id}:${code}`).digest('hex');
    await t.ctx.db.oneTimeCode.updateMany({ where: { userId: user.id, usedAt: null }, data: { codeHash: legacy } });
    const res = await postSession({ email: user.email, password: PASSWORD, code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid or expired code', codeKind: 'email' });
  });
});
