import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Env } from '../../env';
import { buildUser, PASSWORD, signIn } from '../../testing/factories';
import { CALLBACK_PATH, freePorts, oidcEnv } from '../../testing/oidc-flow';
import type { TestOidcProvider } from '../../testing/oidc-provider';
import { startOidcProvider } from '../../testing/oidc-provider';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { PASSWORDS_REFUSED } from './oidc-force';

// How the server states and enforces its OpenID configuration: what GET /api/server says, 404 when it has none,
// OIDC_FORCE. The sign-in flows themselves are in oidc.routes.test.ts.
let provider: TestOidcProvider;
let open: TestApp;
let openUrl: string;

/** Another app on `open`'s database with some settings changed (a fresh database would cost seconds). */
const variant = (env: Partial<Env>) => buildApp({ ...open.ctx, env: { ...open.ctx.env, ...env } }, { logger: false });

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  openUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({ redirectUris: [`${openUrl}${CALLBACK_PATH}`] });
  open = await createTestApp(oidcEnv(provider, openUrl));
  await open.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await open?.close();
  await provider?.close();
});

describe('OpenID Connect configuration', () => {
  it('GET /api/server reports openIdEnabled when an issuer is configured', async () => {
    const res = await fetch(`${openUrl}/api/server`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ openIdEnabled: true, openIdForce: false });
  });

  it('answers 404 with a message when OpenID Connect is not configured', async () => {
    const app = await variant({ OIDC_ISSUER: undefined, OIDC_CLIENT_ID: undefined, OIDC_CLIENT_SECRET: undefined });
    try {
      const server = await app.inject({ method: 'GET', url: '/api/server' });
      expect(server.json()).toMatchObject({ openIdEnabled: false, openIdForce: false });
      for (const url of ['/api/session/openid/auth', '/api/session/openid/callback?code=x&state=y']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'OpenID Connect is not configured' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('OIDC_FORCE', () => {
  it('refuses every password path server-side, and leaves OpenID and issued tokens working', async () => {
    const user = await buildUser(open.ctx.db);
    const { authorization } = await signIn(open.app, user.email);
    const app = await variant({ OIDC_FORCE: true });
    try {
      const basic = `Basic ${Buffer.from(`${user.email}:${PASSWORD}`).toString('base64')}`;
      const refused = [
        { method: 'POST' as const, url: '/api/session', payload: { email: user.email, password: PASSWORD } },
        { method: 'GET' as const, url: '/api/session', headers: { authorization: basic } },
        {
          method: 'POST' as const,
          url: '/api/users',
          payload: { name: 'New', email: 'new@x.test', password: PASSWORD },
        },
        { method: 'POST' as const, url: '/api/password/reset', payload: { email: user.email } },
        {
          method: 'POST' as const,
          url: '/api/password/update',
          payload: { token: 'x'.repeat(43), password: PASSWORD },
        },
      ];
      for (const request of refused) {
        const res = await app.inject(request);
        expect(res.statusCode, request.url).toBe(403);
        expect(res.json(), request.url).toEqual({ message: PASSWORDS_REFUSED });
      }
      const me = await app.inject({ method: 'GET', url: '/api/session', headers: { authorization } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id });
      expect((await app.inject({ method: 'GET', url: '/api/server' })).json()).toMatchObject({ openIdForce: true });
      expect((await app.inject({ method: 'GET', url: '/api/session/openid/auth' })).statusCode).toBe(302);
    } finally {
      await app.close();
    }
  });

  it('does nothing while OpenID Connect is not configured', async () => {
    const user = await buildUser(open.ctx.db);
    const app = await variant({ OIDC_FORCE: true, OIDC_ISSUER: undefined, OIDC_CLIENT_ID: undefined });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
