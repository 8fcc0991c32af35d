import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../security/tokens';
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
  whoAmI,
} from '../../testing/oidc-flow';
import type { TestOidcProvider } from '../../testing/oidc-provider';
import { startOidcProvider } from '../../testing/oidc-provider';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { LINKED_ELSEWHERE, UNCONFIRMED_ACCOUNT } from './oidc.service';

let provider: TestOidcProvider;
let t: TestApp;
let api: string;
let counter = 0;
const uniqueSub = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  api = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({ redirectUris: [`${api}${CALLBACK_PATH}`] });
  t = await createTestApp(oidcEnv(provider, api));
  await t.ctx.db.server.update({ where: { id: 1 }, data: { registration: true } });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('an account bound to its OpenID identity', () => {
  it("stores the provider's issuer and subject at the first sign-in, by email or by registration", async () => {
    const existing = await buildUser(t.ctx.db);
    const linkSub = uniqueSub('link');
    provider.addAccount({ sub: linkSub, email: existing.email });
    const linked = await signInThroughProvider(api, provider, linkSub);
    expectSignedIn(linked.res, api, linked.jar);
    expect((await whoAmI(api, linked.jar)).id).toBe(existing.id);
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: linkSub,
    });

    const newSub = uniqueSub('new');
    provider.addAccount({ sub: newSub, email: `${newSub}@idp.example.test` });
    const created = await signInThroughProvider(api, provider, newSub);
    expectSignedIn(created.res, api, created.jar);
    const me = await whoAmI(api, created.jar);
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: me.id } })).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: newSub,
    });
  });

  it('is not taken over by another subject showing the same verified email', async () => {
    const owner = await buildUser(t.ctx.db);
    const ownerSub = uniqueSub('owner');
    provider.addAccount({ sub: ownerSub, email: owner.email });
    const first = await signInThroughProvider(api, provider, ownerSub);
    expectSignedIn(first.res, api, first.jar);

    // the same address under another subject (reassigned, or typed in at a provider that lets users edit it)
    const intruderSub = uniqueSub('intruder');
    provider.addAccount({ sub: intruderSub, email: owner.email.toUpperCase(), emailVerified: true });
    const intruder = await signInThroughProvider(api, provider, intruderSub);
    expect(intruder.res.status).toBe(403);
    expect(await messageOf(intruder.res)).toBe(LINKED_ELSEWHERE);
    expect(intruder.jar.get(api, 'waymark_session')).toBeUndefined();
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({
      oidcSubject: ownerSub,
    });
    expect(await t.ctx.db.user.count({ where: { email: owner.email } })).toBe(1);
  });

  it('signs the bound identity in after its email changed at the provider, without a new account', async () => {
    const sub = uniqueSub('moved');
    provider.addAccount({ sub, email: `${sub}@old.example.test` });
    const first = await signInThroughProvider(api, provider, sub);
    expectSignedIn(first.res, api, first.jar);
    const id = (await whoAmI(api, first.jar)).id;
    const usersBefore = await t.ctx.db.user.count();

    provider.addAccount({ sub, email: `${sub}@new.example.test` });
    const again = await signInThroughProvider(api, provider, sub);
    expectSignedIn(again.res, api, again.jar);
    expect((await whoAmI(api, again.jar)).id).toBe(id);
    expect(await t.ctx.db.user.count()).toBe(usersBefore);
  });
});

describe('the OpenID nonce', () => {
  it('is sent in the authorization request and kept in the state cookie', async () => {
    const jar = new CookieJar();
    const res = await jar.fetch(`${api}/api/session/openid/auth`);
    const nonce = new URL(location(res, api)).searchParams.get('nonce');
    expect(nonce).toMatch(/^[\w-]{32,}$/);
    const saved = await verifyToken(t.ctx.jwtKey, jar.get(api, 'waymark_oidc') as string, 'oidc-state');
    expect(saved?.extra.nonce).toBe(nonce);
  });

  it('must come back in the ID token: an attempt expecting another nonce is refused', async () => {
    const sub = uniqueSub('nonce');
    const email = `${sub}@idp.example.test`;
    provider.addAccount({ sub, email });
    const jar = new CookieJar();
    const start = await jar.fetch(`${api}/api/session/openid/auth`);
    const callback = await passProvider(provider, jar, location(start, api), sub);
    // the same attempt (PKCE verifier and state), but expecting a nonce other than the one the ID token carries
    const saved = await verifyToken(t.ctx.jwtKey, jar.get(api, 'waymark_oidc') as string, 'oidc-state');
    const forged = await signToken(t.ctx.jwtKey, 'oidc-state', '0', randomUUID(), new Date(Date.now() + 60_000), {
      ...saved?.extra,
      nonce: 'another-nonce-than-the-one-sent-to-the-provider',
    });
    jar.set(api, 'waymark_oidc', forged);
    const res = await jar.fetch(callback);
    expect(res.status).toBe(401);
    expect(jar.get(api, 'waymark_session')).toBeUndefined();
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
  });
});

describe('an account self-registered with the same email before (review L9)', () => {
  it('is not linked until its address is confirmed through a password link', async () => {
    const sub = uniqueSub('victim');
    const email = `${sub}@idp.example.test`;
    // someone registers the address first, with a password of their choosing
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Squatter', email, password: 'Squatter-pass-1' },
    });
    expect(registered.statusCode).toBe(200);
    provider.addAccount({ sub, email });

    const refused = await signInThroughProvider(api, provider, sub);
    expect(refused.res.status).toBe(403);
    expect(await messageOf(refused.res)).toBe(UNCONFIRMED_ACCOUNT);
    expect(refused.jar.get(api, 'waymark_session')).toBeUndefined();
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ oidcSubject: null });

    // the owner of the mailbox resets the password through the mailed link; then OpenID links the account
    expect((await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } })).statusCode).toBe(
      200,
    );
    const mail = t.mails.filter((m) => m.to === email).at(-1);
    const token = /\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/password/update',
      payload: { token, password: 'Owner-pass-123' },
    });
    expect(update.statusCode).toBe(200);
    const linked = await signInThroughProvider(api, provider, sub);
    expectSignedIn(linked.res, api, linked.jar);
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({
      oidcSubject: sub,
      emailUnconfirmed: false,
    });
  });
});
