import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Env } from '../../env';
import { buildUser } from '../../testing/factories';
import type { TestOidcProvider } from '../../testing/oidc-provider';
import { startOidcProvider } from '../../testing/oidc-provider';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

/** A browser's cookie store, reduced to what these flows need: cookies per host:port, no path matching. */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  store(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }

  delete(url: string, name: string) {
    this.cookies.get(new URL(url).host)?.delete(name);
  }

  /** fetch without following redirects, sending and keeping cookies */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, res);
    return res;
  }
}

const CALLBACK_PATH = '/api/session/openid/callback';

/** `count` distinct unused ports on 127.0.0.1 (the API must know its public URL before it listens). */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

const location = (res: Response, base: string) => {
  const value = res.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${res.status}: ${res.statusText}`);
  return new URL(value, base).href;
};

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#39;/g, "'");

/**
 * Follows redirects at the provider until one leaves it, submitting the development login form (with
 * `login` as the account id) and the consent form on the way. Returns the URL the provider sent the
 * browser to (the API callback) without requesting it.
 */
async function passProvider(provider: TestOidcProvider, jar: CookieJar, url: string, login: string): Promise<string> {
  let next = url;
  for (let step = 0; step < 12; step++) {
    if (!next.startsWith(`${provider.issuer}/`)) return next;
    const res = await jar.fetch(next);
    if (res.status >= 300 && res.status < 400) {
      next = location(res, next);
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${next}: ${html.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any password');
    }
    const target = new URL(decodeHtml(action), next).href;
    const submitted = await jar.fetch(target, { method: 'POST', body: form });
    next = location(submitted, target);
  }
  throw new Error('too many steps at the identity provider');
}

/** GET /api/session/openid/auth, then through the provider; returns the callback URL it redirects to. */
async function startSignIn(api: string, provider: TestOidcProvider, jar: CookieJar, login: string) {
  const res = await jar.fetch(`${api}/api/session/openid/auth`);
  expect(res.status).toBe(302);
  const authorization = new URL(location(res, api));
  expect(authorization.origin).toBe(provider.issuer);
  expect(authorization.searchParams.get('redirect_uri')).toBe(`${api}${CALLBACK_PATH}`);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('state')).toBeTruthy();
  expect(jar.get(api, 'waymark_oidc')).toBeTruthy();
  const callback = await passProvider(provider, jar, authorization.href, login);
  expect(callback.startsWith(`${api}${CALLBACK_PATH}?`)).toBe(true);
  expect(new URL(callback).searchParams.get('code')).toBeTruthy();
  return callback;
}

/** The whole browser flow; returns the callback response and the jar holding the session cookie. */
async function signInThroughProvider(api: string, provider: TestOidcProvider, login: string) {
  const jar = new CookieJar();
  const callback = await startSignIn(api, provider, jar, login);
  const res = await jar.fetch(callback);
  return { res, jar };
}

/** Exchanges the session cookie for an access token and asks who that is. */
async function whoAmI(api: string, jar: CookieJar) {
  // `{}` as the web app sends (a POST without any body answers 400: the body schema refuses null)
  const refreshed = await jar.fetch(`${api}/api/session/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(refreshed.status).toBe(200);
  const { accessToken } = (await refreshed.json()) as { accessToken: string };
  expect(accessToken.split('.')).toHaveLength(3);
  const me = await fetch(`${api}/api/v2/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.status).toBe(200);
  return ((await me.json()) as { data: { id: number; email: string; name: string } }).data;
}

function expectSignedIn(res: Response, api: string, jar: CookieJar) {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`${api}/login?oidc=1`);
  expect(jar.get(api, 'waymark_session')).toMatch(/^[0-9a-f-]{36}\./);
  // the one-time state cookie is gone
  expect(jar.get(api, 'waymark_oidc')).toBeUndefined();
}

const oidcEnv = (provider: TestOidcProvider, api: string) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_SCOPES: 'openid email profile',
  OIDC_REGISTRATION: 'true',
  WAYMARK_PUBLIC_URL: api,
});

let provider: TestOidcProvider;
/** OIDC configured, registration allowed */
let open: TestApp;
let openUrl: string;
/** OIDC configured, registration off */
let closed: FastifyInstance;
let closedUrl: string;
/** OIDC configured, served under /waymark of its public URL by a prefix-stripping proxy (the test here) */
let prefixed: FastifyInstance;
let prefixedUrl: string;
let counter = 0;

/** Another app on `open`'s database with some settings changed (a fresh database would cost seconds). */
const variant = (env: Partial<Env>) => buildApp({ ...open.ctx, env: { ...open.ctx.env, ...env } }, { logger: false });
const uniqueSub = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

beforeAll(async () => {
  const [openPort, closedPort, prefixedPort] = (await freePorts(3)) as [number, number, number];
  openUrl = `http://127.0.0.1:${openPort}`;
  closedUrl = `http://127.0.0.1:${closedPort}`;
  prefixedUrl = `http://127.0.0.1:${prefixedPort}`;
  provider = await startOidcProvider({
    redirectUris: [openUrl, closedUrl, `${prefixedUrl}/waymark`].map((base) => `${base}${CALLBACK_PATH}`),
  });
  open = await createTestApp(oidcEnv(provider, openUrl));
  // more apps on the same database: registration off, a public URL with a path
  closed = await variant({ OIDC_REGISTRATION: false, WAYMARK_PUBLIC_URL: closedUrl });
  prefixed = await variant({ WAYMARK_PUBLIC_URL: `${prefixedUrl}/waymark` });
  await open.app.listen({ port: openPort, host: '127.0.0.1' });
  await closed.listen({ port: closedPort, host: '127.0.0.1' });
  await prefixed.listen({ port: prefixedPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await prefixed?.close();
  await closed?.close();
  await open?.close();
  await provider?.close();
});

describe('OpenID Connect sign-in against a real provider', () => {
  it('creates an account with a tenant of its own for a new identity', async () => {
    const sub = uniqueSub('new');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email, name: 'Olivia Openid' });

    const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
    expectSignedIn(res, openUrl, jar);

    const me = await whoAmI(openUrl, jar);
    expect(me).toMatchObject({ email, name: 'Olivia Openid' });

    const user = await open.ctx.db.user.findUniqueOrThrow({ where: { email }, include: { role: true } });
    expect(user.id).toBe(me.id);
    expect(user.passwordHash).toBeNull();
    expect(user.tenantId).not.toBeNull();
    const tenant = await open.ctx.db.tenant.findUniqueOrThrow({ where: { id: user.tenantId as number } });
    expect(tenant.userId).toBe(user.id);
    expect(tenant.tenantGroupId).not.toBeNull();
    const session = await open.ctx.db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.method).toBe('oidc');
  });

  it('signs an existing user in by email, whatever its case, without making another account', async () => {
    const existing = await buildUser(open.ctx.db);
    const sub = uniqueSub('existing');
    provider.addAccount({ sub, email: existing.email.toUpperCase(), name: 'Other Name' });
    const usersBefore = await open.ctx.db.user.count();

    const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
    expectSignedIn(res, openUrl, jar);

    const me = await whoAmI(openUrl, jar);
    expect(me).toMatchObject({ id: existing.id, email: existing.email, name: existing.name });
    expect(await open.ctx.db.user.count()).toBe(usersBefore);
  });

  it('signs in a second time into the account the first sign-in created', async () => {
    const sub = uniqueSub('again');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email, name: 'Twice' });
    const first = await signInThroughProvider(openUrl, provider, sub);
    expectSignedIn(first.res, openUrl, first.jar);
    const second = await signInThroughProvider(openUrl, provider, sub);
    expectSignedIn(second.res, openUrl, second.jar);
    expect((await whoAmI(openUrl, second.jar)).id).toBe((await whoAmI(openUrl, first.jar)).id);
    expect(await open.ctx.db.user.count({ where: { email } })).toBe(1);
  });

  it('refuses an unknown identity with 403 when registration is off, and signs known users in', async () => {
    const sub = uniqueSub('stranger');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email, name: 'Stranger' });
    const { res, jar } = await signInThroughProvider(closedUrl, provider, sub);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('No account for this identity');
    expect(jar.get(closedUrl, 'waymark_session')).toBeUndefined();
    expect(await open.ctx.db.user.count({ where: { email } })).toBe(0);

    const known = await buildUser(open.ctx.db);
    const knownSub = uniqueSub('known');
    provider.addAccount({ sub: knownSub, email: known.email });
    const ok = await signInThroughProvider(closedUrl, provider, knownSub);
    expectSignedIn(ok.res, closedUrl, ok.jar);
    expect((await whoAmI(closedUrl, ok.jar)).id).toBe(known.id);
  });

  it('refuses a disabled account', async () => {
    const disabled = await buildUser(open.ctx.db, { disabled: true });
    const sub = uniqueSub('disabled');
    provider.addAccount({ sub, email: disabled.email });
    const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Account is disabled');
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
  });

  it('rejects a callback whose state does not match, and never creates a session', async () => {
    const sub = uniqueSub('state');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email });
    const jar = new CookieJar();
    const callback = new URL(await startSignIn(openUrl, provider, jar, sub));
    callback.searchParams.set('state', 'forged-state');
    const res = await jar.fetch(callback.href);
    expect(res.status).toBe(401);
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
    expect(await open.ctx.db.user.count({ where: { email } })).toBe(0);
  });

  it('rejects a callback without the state cookie with 400', async () => {
    const sub = uniqueSub('nocookie');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email });
    const jar = new CookieJar();
    const callback = await startSignIn(openUrl, provider, jar, sub);
    jar.delete(openUrl, 'waymark_oidc');
    const res = await jar.fetch(callback);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('The sign-in attempt has expired, start again');
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
    expect(await open.ctx.db.user.count({ where: { email } })).toBe(0);
  });

  it("rejects a code obtained in another browser's attempt (state cookie of a different attempt)", async () => {
    const sub = uniqueSub('swap');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email });
    const victim = new CookieJar();
    // the victim starts a sign-in of their own, which sets their state cookie
    expect((await victim.fetch(`${openUrl}/api/session/openid/auth`)).status).toBe(302);
    const attacker = new CookieJar();
    const callback = await startSignIn(openUrl, provider, attacker, sub);
    const res = await victim.fetch(callback);
    expect(res.status).toBe(401);
    expect(victim.get(openUrl, 'waymark_session')).toBeUndefined();
  });

  it('answers 401 when the user cancels at the provider', async () => {
    const jar = new CookieJar();
    const start = await jar.fetch(`${openUrl}/api/session/openid/auth`);
    let next = location(start, openUrl);
    while (next.startsWith(provider.issuer) && !next.includes('/interaction/')) {
      next = location(await jar.fetch(next), next);
    }
    const abort = await jar.fetch(`${next}/abort`);
    const callback = await passProvider(provider, jar, location(abort, next), 'unused');
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const res = await jar.fetch(callback);
    expect(res.status).toBe(401);
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
  });

  it('does not accept the same callback twice', async () => {
    const sub = uniqueSub('replay');
    provider.addAccount({ sub, email: `${sub}@idp.example.test` });
    const jar = new CookieJar();
    const callback = await startSignIn(openUrl, provider, jar, sub);
    const stateCookie = jar.get(openUrl, 'waymark_oidc') as string;
    expectSignedIn(await jar.fetch(callback), openUrl, jar);
    const replay = await fetch(callback, { headers: { cookie: `waymark_oidc=${stateCookie}` }, redirect: 'manual' });
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie().join('\n')).not.toMatch(/waymark_session=[0-9a-f]/);
  });
});

describe('OpenID Connect details', () => {
  it('sets the state cookie HttpOnly, SameSite=Lax, for the OpenID paths only', async () => {
    const res = await fetch(`${openUrl}/api/session/openid/auth`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('waymark_oidc='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api\/session\/openid(;|$)/);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('refuses an identity that shares no email address with 401', async () => {
    const sub = uniqueSub('noemail');
    provider.addAccount({ sub, name: 'No Mail' });
    const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The identity provider did not share an email address',
    );
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
  });

  it('refuses an email address the provider has not verified', async () => {
    const sub = uniqueSub('unverified');
    const email = `${sub}@example.test`;
    await buildUser(open.ctx.db, { email });
    provider.addAccount({ sub, email, name: 'Unverified', emailVerified: false });
    const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The identity provider has not verified this email address',
    );
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
  });

  it('works with a public URL that has a path (behind a proxy that strips it)', async () => {
    const publicBase = `${prefixedUrl}/waymark`;
    const viaProxy = (url: string) => url.replace(publicBase, prefixedUrl);
    const sub = uniqueSub('prefixed');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email });
    const jar = new CookieJar();

    const start = await jar.fetch(`${prefixedUrl}/api/session/openid/auth`);
    expect(start.status).toBe(302);
    expect(start.headers.getSetCookie().join('\n')).toMatch(
      /waymark_oidc=[^;]+;.*Path=\/waymark\/api\/session\/openid(;|$)/m,
    );
    const authorization = new URL(location(start, prefixedUrl));
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${publicBase}${CALLBACK_PATH}`);
    const callback = await passProvider(provider, jar, authorization.href, sub);
    expect(callback.startsWith(`${publicBase}${CALLBACK_PATH}?`)).toBe(true);

    const res = await jar.fetch(viaProxy(callback));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${publicBase}/login?oidc=1`);
    expect((await whoAmI(prefixedUrl, jar)).email).toBe(email);
  });

  it('answers 502 when the identity provider cannot be reached', async () => {
    const down = `http://127.0.0.1:${(await freePorts(1))[0]}`;
    const app = await variant({ OIDC_ISSUER: down });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/session/openid/auth' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/identity provider cannot be reached/);
    } finally {
      await app.close();
    }
  });
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
