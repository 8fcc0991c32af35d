import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import type { TestOidcProvider } from './oidc-provider';

/**
 * A browser's part of an OpenID Connect sign-in, driven with fetch and a small cookie jar: start at the API,
 * pass the provider's login and consent pages, come back to the callback.
 */

/** A browser's cookie store, reduced to what these flows need: cookies per host:port, no path matching. */
export class CookieJar {
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

  set(url: string, name: string, value: string) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    jar.set(name, value);
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

/** The environment of an API signing in through `provider`, reached at `api`, with OpenID registration on. */
export const oidcEnv = (provider: TestOidcProvider, api: string) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_SCOPES: 'openid email profile',
  OIDC_REGISTRATION: 'true',
  WAYMARK_PUBLIC_URL: api,
});

export const CALLBACK_PATH = '/api/session/openid/callback';

/** `count` distinct unused ports on 127.0.0.1 (the API must know its public URL before it listens). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export const location = (res: Response, base: string) => {
  const value = res.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${res.status}: ${res.statusText}`);
  return new URL(value, base).href;
};

export const decodeHtml = (s: string) =>
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
export async function passProvider(
  provider: TestOidcProvider,
  jar: CookieJar,
  url: string,
  login: string,
): Promise<string> {
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
export async function startSignIn(api: string, provider: TestOidcProvider, jar: CookieJar, login: string) {
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
export async function signInThroughProvider(api: string, provider: TestOidcProvider, login: string) {
  const jar = new CookieJar();
  const callback = await startSignIn(api, provider, jar, login);
  const res = await jar.fetch(callback);
  return { res, jar };
}

/** Exchanges the session cookie for an access token and asks who that is. */
export async function whoAmI(api: string, jar: CookieJar) {
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

export function expectSignedIn(res: Response, api: string, jar: CookieJar) {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`${api}/login?oidc=1`);
  expect(jar.get(api, 'waymark_session')).toMatch(/^[0-9a-f-]{36}\./);
  // the one-time state cookie is gone
  expect(jar.get(api, 'waymark_oidc')).toBeUndefined();
}
