import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/factories';
import { makeApiToken, signInWithCookie } from '../../testing/session-kit';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API tokens', () => {
  it('GET /api/session?token= opens a session that ends with the token and is revoked with it', async () => {
    const user = await buildUser(t.ctx.db);
    const { authorization } = await signInWithCookie(t.app, user.email);
    const expiration = new Date(Date.now() + 3_600_000);
    const token = await makeApiToken(t.app, authorization, expiration);
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
    const { authorization } = await signInWithCookie(t.app, user.email);
    const asOther = (await signInWithCookie(t.app, other.email)).authorization;
    const first = await makeApiToken(t.app, authorization);
    const second = await makeApiToken(t.app, authorization, new Date(Date.now() + 86_400_000));
    const othersToken = await makeApiToken(t.app, asOther);
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
