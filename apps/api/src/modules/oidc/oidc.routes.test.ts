import { messages } from '@waymark/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Env } from '../../env';
import { buildUser } from '../../testing/factories';
import {
  CALLBACK_PATH,
  CookieJar,
  expectSignedIn,
  freePorts,
  location,
  oidcEnv,
  passProvider,
  signInThroughProvider,
  startSignIn,
  whoAmI,
} from '../../testing/oidc-flow';
import type { TestOidcProvider } from '../../testing/oidc-provider';
import { startOidcProvider } from '../../testing/oidc-provider';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { UNVERIFIED_EMAIL } from './oidc.service';

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
/** OIDC configured, the provider trusted for second factors (OIDC_TRUST_MFA) */
let trusting: FastifyInstance;
let trustingUrl: string;
let counter = 0;

/** Another app on `open`'s database with some settings changed (a fresh database would cost seconds). */
const variant = (env: Partial<Env>) => buildApp({ ...open.ctx, env: { ...open.ctx.env, ...env } }, { logger: false });
const uniqueSub = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

beforeAll(async () => {
  const [openPort, closedPort, prefixedPort, trustingPort] = (await freePorts(4)) as [number, number, number, number];
  openUrl = `http://127.0.0.1:${openPort}`;
  closedUrl = `http://127.0.0.1:${closedPort}`;
  prefixedUrl = `http://127.0.0.1:${prefixedPort}`;
  trustingUrl = `http://127.0.0.1:${trustingPort}`;
  provider = await startOidcProvider({
    redirectUris: [openUrl, closedUrl, `${prefixedUrl}/waymark`, trustingUrl].map((base) => `${base}${CALLBACK_PATH}`),
  });
  open = await createTestApp(oidcEnv(provider, openUrl));
  // self-registration is open on this server (OpenID registration needs it as well as OIDC_REGISTRATION)
  await open.ctx.db.server.update({ where: { id: 1 }, data: { registration: true } });
  // more apps on the same database: registration off, a public URL with a path
  closed = await variant({ OIDC_REGISTRATION: false, WAYMARK_PUBLIC_URL: closedUrl });
  prefixed = await variant({ WAYMARK_PUBLIC_URL: `${prefixedUrl}/waymark` });
  trusting = await variant({ OIDC_TRUST_MFA: true, WAYMARK_PUBLIC_URL: trustingUrl });
  await trusting.listen({ port: trustingPort, host: '127.0.0.1' });
  await open.app.listen({ port: openPort, host: '127.0.0.1' });
  await closed.listen({ port: closedPort, host: '127.0.0.1' });
  await prefixed.listen({ port: prefixedPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await trusting?.close();
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
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(UNVERIFIED_EMAIL);
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
  });

  it('does not link an account when the provider does not say the email is verified', async () => {
    const victim = await buildUser(open.ctx.db);
    const sub = uniqueSub('unsaid');
    provider.addAccount({ sub, email: victim.email, name: 'Claims Anything', emailVerified: null });
    const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(UNVERIFIED_EMAIL);
    expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
    expect(await open.ctx.db.authSession.count({ where: { userId: victim.id } })).toBe(0);

    // nor does it make an account for an unverified address
    const newcomer = uniqueSub('unsaid-new');
    provider.addAccount({ sub: newcomer, email: `${newcomer}@idp.example.test`, emailVerified: null });
    expect((await signInThroughProvider(openUrl, provider, newcomer)).res.status).toBe(403);
    expect(await open.ctx.db.user.count({ where: { email: `${newcomer}@idp.example.test` } })).toBe(0);
  });

  it("follows the server's registration setting as well as OIDC_REGISTRATION", async () => {
    await open.ctx.db.server.update({ where: { id: 1 }, data: { registration: false } });
    try {
      const sub = uniqueSub('closed-server');
      const email = `${sub}@idp.example.test`;
      provider.addAccount({ sub, email });
      const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe('Registration is disabled');
      expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
      expect(await open.ctx.db.user.count({ where: { email } })).toBe(0);
    } finally {
      await open.ctx.db.server.update({ where: { id: 1 }, data: { registration: true } });
    }
  });

  it("asks for the account's second factor after the provider, unless the server trusts the provider's", async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const withTotp = await buildUser(open.ctx.db, { totpKey: secret });
    const withMailedCode = await buildUser(open.ctx.db, { emailOtp: true });
    const codeOf = async (user: typeof withTotp) => {
      if (user.id === withTotp.id) return generate({ secret });
      const mail = open.mails.filter((m) => m.to === user.email).at(-1);
      return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? 'no mail';
    };
    for (const user of [withTotp, withMailedCode]) {
      const sub = uniqueSub('mfa');
      provider.addAccount({ sub, email: user.email });
      const { res, jar } = await signInThroughProvider(openUrl, provider, sub);
      // no session yet: the provider's word is not the account's second factor
      expect(res.status).toBe(302);
      const codePage = `${openUrl}/api/session/openid/code`;
      expect(res.headers.get('location')).toBe(codePage);
      expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();
      const page = await jar.fetch(codePage);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<form method="post" action="code">/);

      const post = (code: string) => jar.fetch(codePage, { method: 'POST', body: new URLSearchParams({ code }) });
      const wrong = await post('000000');
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain(messages.invalidCode);
      expect(jar.get(openUrl, 'waymark_session')).toBeUndefined();

      const right = await post(await codeOf(user));
      expectSignedIn(right, openUrl, jar);
      expect(jar.get(openUrl, 'waymark_oidc_code')).toBeUndefined();
      expect((await whoAmI(openUrl, jar)).id).toBe(user.id);
      // the step is over: the same cookie cannot be used again
      expect((await fetch(codePage, { method: 'POST', body: new URLSearchParams({ code: '000000' }) })).status).toBe(
        400,
      );

      const trusted = await signInThroughProvider(trustingUrl, provider, sub);
      expectSignedIn(trusted.res, trustingUrl, trusted.jar);
      expect((await whoAmI(trustingUrl, trusted.jar)).id).toBe(user.id);
    }
  });

  it('refuses the code step without a pending sign-in, and a state cookie in its place', async () => {
    const codePage = `${openUrl}/api/session/openid/code`;
    expect((await fetch(codePage)).status).toBe(400);
    const jar = new CookieJar();
    const sub = uniqueSub('nopending');
    provider.addAccount({ sub, email: `${sub}@idp.example.test` });
    await startSignIn(openUrl, provider, jar, sub);
    const state = jar.get(openUrl, 'waymark_oidc') as string;
    const res = await fetch(codePage, {
      method: 'POST',
      headers: { cookie: `waymark_oidc_code=${state}` },
      body: new URLSearchParams({ code: '123456' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('The sign-in attempt has expired, start again');
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
