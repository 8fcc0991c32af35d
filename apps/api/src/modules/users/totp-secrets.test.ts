import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, PASSWORD, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { openTotp, sealPlainTotpSecrets } from './totp-secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The user's row as the database holds it, every column as text. */
async function rawRow(userId: number): Promise<string> {
  const rows = await t.ctx.db.$queryRaw<
    { row: string }[]
  >`SELECT row_to_json(u)::text AS row FROM users u WHERE id = ${userId}`;
  return rows[0]?.row ?? '';
}

const signInWithCode = (email: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password: PASSWORD, code } });

describe('TOTP secrets at rest', () => {
  it('keeps neither the pending nor the enabled secret in plain text in the users row', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, user.email);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp',
      headers: { authorization, accept: 'application/json' },
    });
    const { secret } = setup.json() as { secret: string };
    const pendingRow = await rawRow(user.id);
    expect(pendingRow).toContain('"totpPendingKey":"v1.');
    expect(pendingRow).not.toContain(secret);

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp/verify',
      headers: { authorization },
      payload: { currentPassword: PASSWORD, code: await generate({ secret }) },
    });
    expect(verify.statusCode).toBe(204);
    const enabledRow = await rawRow(user.id);
    expect(enabledRow).toContain('"totpKey":"v1.');
    expect(enabledRow).not.toContain(secret);
    // and it is still the secret that signs in
    expect((await signInWithCode(user.email, await generate({ secret }))).statusCode).toBe(200);
  });

  it('reads secrets stored in plain text before, and seals them at start', async () => {
    const secret = generateSecret({ length: 20 });
    const user = await buildUser(t.ctx.db, { totpKey: secret, totpPendingKey: generateSecret({ length: 20 }) });
    const now = Math.floor(Date.now() / 1000);
    expect((await signInWithCode(user.email, await generate({ secret, epoch: now - 30 }))).statusCode).toBe(200);

    expect(await sealPlainTotpSecrets(t.ctx.db, t.ctx.secrets)).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await rawRow(user.id)).not.toContain(secret);
    expect(row.totpKey?.startsWith('v1.')).toBe(true);
    expect(row.totpPendingKey?.startsWith('v1.')).toBe(true);
    expect(openTotp(t.ctx, user.id, row.totpKey as string)).toBe(secret);
    expect((await signInWithCode(user.email, await generate({ secret, epoch: now }))).statusCode).toBe(200);
    // nothing left to seal
    expect(await sealPlainTotpSecrets(t.ctx.db, t.ctx.secrets)).toBe(0);
  });

  it("does not open one user's sealed secret as another's", async () => {
    const owner = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    const { authorization } = await signIn(t.app, owner.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/totp',
      headers: { authorization, accept: 'application/json' },
    });
    const sealed = (await t.ctx.db.user.findUniqueOrThrow({ where: { id: owner.id } })).totpPendingKey as string;
    expect(() => openTotp(t.ctx, other.id, sealed)).toThrow();
  });
});
